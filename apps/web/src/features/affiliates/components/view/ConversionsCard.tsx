import { COMMISSION_STATUSES, CONVERSION_KINDS, type Conversion } from '@fc/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/ui/DateField';
import { SelectField } from '../../../../components/ui/FormFields';
import type { PhoneRow } from '../../../../components/ui/gridLayout';
import { ServerDataGrid } from '../../../../components/ui/ServerDataGrid';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useServerGrid } from '../../../../components/ui/useServerGrid';
import { errorMessage } from '../../../../lib/api/errors';
import { useMoney } from '../../../../lib/format';
import type { ConversionParams } from '../../api/keys';
import { useConversions, useConversionsCsv } from '../../api/money';
import { CommissionStatusChip } from '../shared/Chips';
import { Section, useDateText } from './DetailCards';

const isDateSort = (f: string): f is 'createdAt' => f === 'createdAt';
const isIso = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
type Status = NonNullable<ConversionParams['status']>;
type Kind = NonNullable<ConversionParams['kind']>;

/** GET /affiliate/{id}/conversions: status, kind and date filters, pages, newest or oldest first, and a CSV. */
export function ConversionsCard({ affiliateId }: { affiliateId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const date = useDateText();
  const [status, setStatus] = useState<Status>('all');
  const [kind, setKind] = useState<Kind>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { grid, resetPage, pageParams } = useServerGrid(isDateSort);
  const filters: Omit<ConversionParams, 'page' | 'perPage'> = {
    status,
    kind,
    ...(isIso(from) ? { from } : {}),
    ...(isIso(to) ? { to } : {}),
    sort: pageParams.sort ?? 'desc',
  };
  const list = useConversions(affiliateId, { ...filters, page: pageParams.page, perPage: pageParams.perPage });
  const csv = useConversionsCsv(affiliateId);
  const columns = useMemo<GridColDef<Conversion>[]>(() => {
    function detailText(r: Conversion): string {
      if (r.status === 'voided')
        return t(`affiliates.voidReason.${r.voidReason ?? 'none'}`, {
          defaultValue: t('affiliates.commission.voided'),
        });
      if (r.status === 'paid')
        return t('affiliates.conv.paid', { date: date(r.paidAt), ref: r.paymentReference ?? '' });
      if (!r.qualified) return t('affiliates.conv.notQualified');
      return r.dueAt ? t('affiliates.conv.due', { date: date(r.dueAt) }) : '';
    }
    return [
      { field: 'createdAt', headerName: t('affiliates.conv.date'), width: 120, valueFormatter: (v: string) => date(v) },
      {
        field: 'kind',
        headerName: t('affiliates.conv.kind'),
        width: 150,
        sortable: false,
        valueGetter: (_v, r) => `${t(`affiliates.kind.${r.kind}`)} · ${t(`affiliates.source.${r.source}`)}`,
      },
      {
        field: 'organizationName',
        headerName: t('affiliates.conv.what'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_v, r) => [r.organizationName, r.programName].filter(Boolean).join(' · '),
      },
      {
        field: 'baseCents',
        headerName: t('affiliates.conv.base'),
        width: 110,
        type: 'number',
        sortable: false,
        valueFormatter: (v: number) => money(v),
      },
      {
        field: 'commissionCents',
        headerName: t('affiliates.conv.commission'),
        width: 120,
        type: 'number',
        sortable: false,
        valueFormatter: (v: number) => money(v),
      },
      {
        field: 'status',
        headerName: t('affiliates.fields.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <CommissionStatusChip status={row.status} />
          </Box>
        ),
      },
      {
        field: 'dueAt',
        headerName: t('affiliates.conv.detail'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, r) => detailText(r),
      },
    ];
  }, [t, money, date]);
  const phone = useMemo<PhoneRow<Conversion>>(
    () => ({
      title: (r) => `${t(`affiliates.kind.${r.kind}`)} · ${r.organizationName ?? r.programName}`,
      subtitle: (r) => date(r.createdAt),
      value: (r) => money(r.commissionCents),
      status: (r) => <CommissionStatusChip status={r.status} />,
    }),
    [t, money, date],
  );
  const NoRows = useMemo(() => () => <EmptyState message={t('affiliates.conv.empty')} />, [t]);
  const change = (fn: () => void) => {
    fn();
    resetPage();
  };
  return (
    <Section
      title={t('affiliates.conv.title')}
      testId="affiliate-conversions"
      action={
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={csv.isPending}
          onClick={() => csv.mutate(filters, { onError: (e) => toast.error(errorMessage(e, t('errors.generic'))) })}
          data-testid="conversions-csv"
        >
          {t('affiliates.csv')}
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SelectField
          label={t('affiliates.fields.status')}
          value={status}
          onChange={(e) => change(() => setStatus(e.target.value as Status))}
          options={['all', ...COMMISSION_STATUSES].map((s) => ({ value: s, label: t(`affiliates.commission.${s}`) }))}
          size="small"
          sx={{ minWidth: 150 }}
          testId="conversions-status"
        />
        <SelectField
          label={t('affiliates.conv.kind')}
          value={kind}
          onChange={(e) => change(() => setKind(e.target.value as Kind))}
          options={['all', ...CONVERSION_KINDS].map((k) => ({ value: k, label: t(`affiliates.kind.${k}`) }))}
          size="small"
          sx={{ minWidth: 150 }}
          testId="conversions-kind"
        />
        <DateField
          label={t('affiliates.conv.from')}
          value={from}
          onChange={(v) => change(() => setFrom(v))}
          size="small"
          testId="conversions-from"
        />
        <DateField
          label={t('affiliates.conv.to')}
          value={to}
          onChange={(v) => change(() => setTo(v))}
          size="small"
          testId="conversions-to"
        />
      </Stack>
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      <ServerDataGrid
        testId="conversions-grid"
        ariaLabel={t('affiliates.conv.title')}
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        {...grid}
        columns={columns}
        phone={phone}
        slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('affiliates.conv.help')}
      </Typography>
    </Section>
  );
}
