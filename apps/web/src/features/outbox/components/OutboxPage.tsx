import {
  Alert,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../../components/ui/LoadingScreen';
import { PageHeader } from '../../../components/ui/PageHeader';
import { EmptyState, ErrorState } from '../../../components/ui/States';
import { VisuallyHidden } from '../../../components/ui/VisuallyHidden';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useOutbox } from '../api/get-outbox';
import { OutboxRow } from './OutboxRow';

/** /system/outbox: the stored e-mail outbox (DECISIONS §6), Super Admin only. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const q = useDebouncedValue(search.trim());
  const outbox = useOutbox({ page: page + 1, perPage, q: q || undefined });
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const rows = outbox.data?.data ?? [];
  // Decision 011: the embedded outbox is the mailbox (links work); delivered copies have none.
  const embedded = rows.some((r) => r.transport === 'outbox');
  const delivered = rows.some((r) => r.transport === 'smtp');

  return (
    <>
      <PageHeader title={t('outbox.title')} subtitle={t('outbox.subtitle')} />
      <Card>
        <CardContent>
          <TextField
            type="search"
            label={t('outbox.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            fullWidth
            sx={{ mb: 2 }}
          />
          {embedded ? (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="outbox-embedded-note">
              {t('outbox.embeddedNote')}
            </Alert>
          ) : null}
          {delivered ? (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="outbox-delivered-note">
              {t('outbox.deliveredNote')}
            </Alert>
          ) : null}
          {outbox.isPending ? <LoadingScreen /> : null}
          {outbox.isError ? <ErrorState error={outbox.error} onRetry={() => void outbox.refetch()} /> : null}
          {outbox.data && rows.length === 0 ? <EmptyState message={t('outbox.empty')} /> : null}
          {rows.length > 0 ? (
            <TableContainer>
              <Table aria-label={t('outbox.title')} data-testid="outbox-table" aria-busy={outbox.isFetching}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <VisuallyHidden>{t('outbox.text')}</VisuallyHidden>
                    </TableCell>
                    <TableCell>{t('outbox.subject')}</TableCell>
                    <TableCell>{t('outbox.to')}</TableCell>
                    <TableCell>{t('outbox.template')}</TableCell>
                    <TableCell>{t('outbox.date')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((item) => (
                    <OutboxRow key={item.id} item={item} dateFormat={dateFormat} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
          <TablePagination
            component="div"
            count={outbox.data?.total ?? 0}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_e, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPerPage(Number(e.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('common.rowsPerPage')}
          />
        </CardContent>
      </Card>
    </>
  );
}
