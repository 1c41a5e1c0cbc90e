import { SPONSOR_FILTERS, type Sponsor, type SponsorFilter } from '@fc/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import PostAddIcon from '@mui/icons-material/PostAdd';
import {
  Box,
  Button,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/ui/SearchField';
import { EmptyState, ErrorState } from '../../../components/ui/States';
import { useToast } from '../../../components/ui/ToastProvider';
import { errorMessage } from '../../../lib/api/errors';
import { useMoney } from '../../../lib/money';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import type { Owner } from '../api/keys';
import { useOpportunities } from '../api/opportunities';
import { useSponsors, useSponsorsCsv } from '../api/sponsors';
import { OfflineDialog } from './OfflineDialog';
import { type SponsorDialogState, SponsorDialogs } from './SponsorDialogs';
import { SponsorRow } from './SponsorRow';

const COLUMNS = ['buyer', 'business', 'logo', 'price', 'deductible', 'status', 'logoStatus', 'actions'] as const;

/** The sponsors: filter chips, search, pages, the summary, CSV, and for managers their actions. */
export function SponsorsSection({ owner, canManage }: { owner: Owner; canManage: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const [filter, setFilter] = useState<SponsorFilter>('all');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [dialog, setDialog] = useState<SponsorDialogState>(null);
  const [offline, setOffline] = useState(false);
  const query = useSponsors(owner, { filter, ...(q ? { q } : {}), page: page + 1, perPage, sort: 'desc' });
  const csv = useSponsorsCsv(owner);
  const opportunities = useOpportunities(owner);
  const summary = query.data?.summary;
  const rows: Sponsor[] = query.data?.data ?? [];

  return (
    <Box component="section" aria-labelledby="sponsors-title" data-testid="sponsors">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2" id="sponsors-title">
          {t('sponsorships.sponsors.title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            startIcon={<DownloadIcon />}
            disabled={csv.isPending}
            onClick={() =>
              csv.mutate(
                { filter, ...(q ? { q } : {}), sort: 'desc' },
                { onError: (e) => toast.error(errorMessage(e, t('errors.generic'))) },
              )
            }
            data-testid="sponsors-csv"
          >
            {t('sponsorships.sponsors.csv')}
          </Button>
          {canManage ? (
            <Button
              variant="outlined"
              startIcon={<PostAddIcon />}
              onClick={() => setOffline(true)}
              disabled={(opportunities.data?.data ?? []).length === 0}
              data-testid="sponsors-offline"
            >
              {t('sponsorships.offline.open')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1, my: 2 }}
        data-testid="sponsors-summary"
      >
        {(
          [
            ['paid', summary ? String(summary.paidCount) : '–'],
            ['revenue', summary ? money(summary.revenueCents) : '–'],
            ['awaitingLogo', summary ? String(summary.awaitingLogo) : '–'],
            ['awaitingApproval', summary ? String(summary.awaitingApproval) : '–'],
          ] as const
        ).map(([k, v]) => (
          <Box key={k}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t(`sponsorships.summary.${k}`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid={`summary-${k}`}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1 }}
          role="group"
          aria-label={t('sponsorships.filter.label')}
        >
          {SPONSOR_FILTERS.map((f) => (
            <Chip
              key={f}
              label={t(`sponsorships.filter.${f}`)}
              color={filter === f ? 'primary' : 'default'}
              variant={filter === f ? 'filled' : 'outlined'}
              aria-pressed={filter === f}
              onClick={() => {
                setFilter(f);
                setPage(0);
              }}
              data-testid={`sponsor-filter-${f}`}
            />
          ))}
        </Stack>
        <SearchField
          label={t('sponsorships.sponsors.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          size="small"
          sx={{ minWidth: { md: 260 } }}
          testId="sponsors-search"
        />
      </Stack>
      {query.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState message={t('sponsorships.sponsors.empty')} />
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="sponsors-title" data-testid="sponsors-table">
            <TableHead>
              <TableRow>
                {COLUMNS.filter((c) => c !== 'actions' || canManage).map((c) => (
                  <TableCell key={c}>{t(`sponsorships.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <SponsorRow key={s.id} s={s} canManage={canManage} onAction={setDialog} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={query.data?.total ?? 0}
        page={page}
        onPageChange={(_e, p) => setPage(p)}
        rowsPerPage={perPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('sponsorships.sponsors.perPage')}
        data-testid="sponsors-pages"
      />
      <SponsorDialogs state={dialog} onClose={() => setDialog(null)} />
      {offline ? (
        <OfflineDialog opportunities={opportunities.data?.data ?? []} onClose={() => setOffline(false)} />
      ) : null}
    </Box>
  );
}
