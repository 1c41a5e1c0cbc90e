import { type CampaignSummary, percentOfGoal } from '@fc/contracts';
import { Box } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AvatarLinkCell } from '../../../../components/ui/AvatarLinkCell';
import { type PhoneRow, useGridLayout } from '../../../../components/ui/gridLayout';
import { EmptyState } from '../../../../components/ui/States';
import { useGridLocaleText } from '../../../../components/ui/useGridLocaleText';
import { CampaignStatusChip } from '../shared/Chips';
import { count, useCalendarDate, useMoney } from '../shared/format';
import { GoalProgress } from '../shared/GoalProgress';

interface CampaignGridProps {
  rows: CampaignSummary[];
  loading: boolean;
  emptyMessage: string;
}

/** The campaigns the user may see (already filtered on the client), paged and sorted in the browser. */
export function CampaignGrid({ rows, loading, emptyMessage }: CampaignGridProps) {
  const { t } = useTranslation();
  const localeText = useGridLocaleText();
  const money = useMoney();
  const date = useCalendarDate();

  const columns = useMemo<GridColDef<CampaignSummary>[]>(
    () => [
      {
        field: 'title',
        headerName: t('campaigns.fields.title'),
        flex: 1.6,
        minWidth: 200,
        renderCell: ({ row }) => (
          <AvatarLinkCell
            src={row.logoImage}
            letter={row.title.charAt(0).toUpperCase()}
            text={row.title}
            to={`/campaigns/view/${row.id}`}
            testId={`campaign-link-${row.id}`}
            rounded
          />
        ),
      },
      { field: 'organization_name', headerName: t('fields.organization'), flex: 1.2, minWidth: 150 },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 110,
        renderCell: ({ row }) => <CampaignStatusChip status={row.status} />,
      },
      {
        field: 'startDate',
        headerName: t('campaigns.fields.dates'),
        width: 210,
        valueFormatter: (_v, row) =>
          row.startDate || row.endDate ? `${date(row.startDate) || '…'} – ${date(row.endDate) || '…'}` : '—',
      },
      {
        field: 'goalCents',
        headerName: t('campaigns.fields.goal'),
        type: 'number',
        width: 110,
        valueFormatter: (v: number) => money(v, { whole: true }),
      },
      {
        field: 'raisedCents',
        headerName: t('campaigns.fields.raised'),
        type: 'number',
        width: 120,
        valueFormatter: (v: number) => money(v),
      },
      {
        field: 'progress',
        headerName: t('campaigns.fields.progress'),
        width: 140,
        valueGetter: (_v, row) => percentOfGoal(row.raisedCents, row.goalCents),
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <GoalProgress raisedCents={row.raisedCents} goalCents={row.goalCents} dense />
          </Box>
        ),
      },
      {
        field: 'players',
        headerName: t('campaigns.fields.players'),
        type: 'number',
        width: 100,
        valueFormatter: (v: number) => count(v),
      },
      {
        field: 'donors',
        headerName: t('campaigns.fields.donors'),
        type: 'number',
        width: 100,
        valueFormatter: (v: number) => count(v),
      },
    ],
    [t, money, date],
  );

  // On a phone: the campaign, its organization, what it raised and its status.
  const phone = useMemo<PhoneRow<CampaignSummary>>(
    () => ({
      title: (row) => (
        <AvatarLinkCell
          src={row.logoImage}
          letter={row.title.charAt(0).toUpperCase()}
          text={row.title}
          to={`/campaigns/view/${row.id}`}
          testId={`campaign-card-link-${row.id}`}
          rounded
        />
      ),
      subtitle: (row) => row.organization_name,
      value: (row) => money(row.raisedCents),
      status: (row) => <CampaignStatusChip status={row.status} />,
    }),
    [money],
  );
  // Every column fits a 1366 px screen (issue 12: Donors was cut off); phones get cards.
  const { compact, ...layout } = useGridLayout(columns, phone, t('campaigns.list.title'));

  const NoRows = useMemo(() => () => <EmptyState message={emptyMessage} />, [emptyMessage]);

  return (
    <Box sx={{ width: '100%' }} data-testid="campaign-grid" data-layout={compact ? 'cards' : 'columns'}>
      <DataGrid
        autoHeight
        rows={rows}
        {...layout}
        loading={loading}
        initialState={{
          pagination: { paginationModel: { page: 0, pageSize: 25 } },
          sorting: { sortModel: [{ field: 'startDate', sort: 'desc' }] },
        }}
        pageSizeOptions={[10, 25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnFilter
        slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
        localeText={localeText}
        aria-label={t('campaigns.list.title')}
      />
    </Box>
  );
}
