import { AFFILIATE_STATUSES } from '@fc/contracts';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CardContent, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../../components/ui/FormFields';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { SearchField } from '../../../../components/ui/SearchField';
import { ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useServerGrid } from '../../../../components/ui/useServerGrid';
import { errorMessage } from '../../../../lib/api/errors';
import { useAddressParams } from '../../../../lib/useAddressParams';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useAffiliateCsv, useAffiliates } from '../../api/affiliates';
import type { AffiliateListParams } from '../../api/keys';
import { useCanManage } from '../shared/useCanManage';
import { AffiliateGrid, isAffiliateSortColumn } from './AffiliateGrid';
import { CreateAffiliateDialog } from './CreateAffiliateDialog';
import { ProgramsSection } from './ProgramsSection';

type StatusFilter = AffiliateListParams['status'] & string;
const FILTERS = ['all', ...AFFILIATE_STATUSES] as const;
const isFilter = (v: string | null): v is StatusFilter => v !== null && (FILTERS as readonly string[]).includes(v);

/**
 * /affiliates/list (spec §5, §7 Affiliates): the affiliates the caller may see, filtered by status
 * and first or last name, sorted and paged by the server, with a CSV of the same filters. Super
 * Admin adds affiliates and manages the programs (the Programs tab).
 */
export function AffiliateListPage() {
  const { t } = useTranslation();
  const manage = useCanManage();
  const [params, updateParams] = useAddressParams();
  const tab = params.get('tab') === 'programs' ? 'programs' : 'affiliates';
  const raw = params.get('status');
  const status: StatusFilter = isFilter(raw) ? raw : 'all';
  const search = params.get('q') ?? '';
  const set = (changes: Record<string, string>) => {
    updateParams((next) => {
      for (const [k, v] of Object.entries(changes)) {
        if (v === '' || (k === 'status' && v === 'all') || (k === 'tab' && v === 'affiliates')) next.delete(k);
        else next.set(k, v);
      }
    });
  };
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title={t('affiliates.list.title')}
        subtitle={t('affiliates.list.subtitle')}
        actions={
          manage ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              data-testid="affiliate-new"
            >
              {t('affiliates.create.open')}
            </Button>
          ) : null
        }
      />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => set({ tab: v })}
        aria-label={t('affiliates.list.sections')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="affiliates" label={t('affiliates.list.affiliatesTab')} data-testid="affiliates-tab" />
        <Tab value="programs" label={t('affiliates.programs.tab')} data-testid="programs-tab" />
      </Tabs>
      {tab === 'programs' ? <ProgramsSection /> : <AffiliatesSection status={status} search={search} onChange={set} />}
      {creating ? <CreateAffiliateDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}

function AffiliatesSection({
  status,
  search,
  onChange,
}: {
  status: StatusFilter;
  search: string;
  onChange: (changes: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { grid, resetPage, pageParams } = useServerGrid(isAffiliateSortColumn);
  const q = useDebouncedValue(search.trim());
  const filters = { status, ...(q ? { q } : {}) };
  const list = useAffiliates({ ...filters, ...pageParams });
  const csv = useAffiliateCsv();
  const { page: _p, perPage: _pp, ...sortParams } = pageParams;
  const filtered = Boolean(q) || status !== 'all';

  return (
    <Card>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
          <SelectField
            label={t('affiliates.fields.status')}
            value={status}
            onChange={(e) => {
              onChange({ status: e.target.value });
              resetPage();
            }}
            options={FILTERS.map((f) => ({ value: f, label: t(`affiliates.status.${f}`) }))}
            size="small"
            sx={{ minWidth: 180 }}
            testId="affiliates-status"
          />
          <SearchField
            label={t('affiliates.list.search')}
            value={search}
            onChange={(e) => {
              onChange({ q: e.target.value });
              resetPage();
            }}
            size="small"
            fullWidth
            testId="affiliates-search"
          />
          <Box sx={{ flexShrink: 0 }}>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={csv.isPending}
              onClick={() =>
                csv.mutate(
                  { ...filters, ...sortParams },
                  { onError: (e) => toast.error(errorMessage(e, t('errors.generic'))) },
                )
              }
              data-testid="affiliates-csv"
            >
              {t('affiliates.csv')}
            </Button>
          </Box>
        </Stack>
        {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
        <AffiliateGrid
          rows={list.data?.data ?? []}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          emptyMessage={filtered ? t('affiliates.list.noMatch') : t('affiliates.list.empty')}
          {...grid}
        />
      </CardContent>
    </Card>
  );
}
