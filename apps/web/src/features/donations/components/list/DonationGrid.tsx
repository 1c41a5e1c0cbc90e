import { DONATION_SORT_COLUMNS, type DonationListItem } from '@fc/contracts';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { PhoneRow } from '../../../../components/ui/gridLayout';
import { ServerDataGrid, type ServerGridData } from '../../../../components/ui/ServerDataGrid';
import { EmptyState } from '../../../../components/ui/States';
import { DonationStatusChip } from '../shared/DonationStatusChip';
import { useDateTime, useMoney } from '../shared/format';

type SortColumn = (typeof DONATION_SORT_COLUMNS)[number];

export function isDonationSortColumn(field: string): field is SortColumn {
  return (DONATION_SORT_COLUMNS as readonly string[]).includes(field);
}

/** Two lines in one cell: the main text and a quieter one under it. */
function TwoLines({ main, sub, extra }: { main: ReactNode; sub?: string | null; extra?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap component="span">
          {main}
        </Typography>
        {extra}
      </Box>
      {sub ? (
        <Typography variant="caption" color="text.secondary" noWrap component="span">
          {sub}
        </Typography>
      ) : null}
    </Box>
  );
}

interface DonationGridProps extends ServerGridData<DonationListItem> {
  emptyMessage: string;
  /** A donor's own gifts: no donor or organization columns. */
  mine: boolean;
}

/** Donations in the caller's scope, paged and sorted by the server; a row opens the donation. */
export function DonationGrid({ emptyMessage, mine, ...grid }: DonationGridProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const dateTime = useDateTime();

  const columns = useMemo<GridColDef<DonationListItem>[]>(() => {
    const cols: (GridColDef<DonationListItem> | false)[] = [
      {
        field: 'createdAt',
        headerName: t('donations.fields.date'),
        width: 190,
        renderCell: ({ row }) => (
          <TwoLines
            main={
              <Link
                component={RouterLink}
                to={`/donations/view/${row.id}`}
                onClick={(e) => e.stopPropagation()}
                data-testid={`donation-link-${row.id}`}
              >
                {dateTime(row.createdAt)}
              </Link>
            }
            sub={row.receiptNumber ?? `#${row.id}`}
          />
        ),
      },
      !mine && {
        field: 'donor',
        headerName: t('donations.fields.donor'),
        flex: 1.2,
        minWidth: 200,
        valueGetter: (_v, row) => row.donorName,
        renderCell: ({ row }) => (
          <TwoLines
            main={row.donorName}
            sub={row.donorEmail}
            extra={
              row.anonymous ? <Chip size="small" variant="outlined" label={t('donations.anonymous.short')} /> : null
            }
          />
        ),
      },
      {
        field: 'campaign',
        headerName: t('donations.fields.campaign'),
        flex: 1.3,
        minWidth: 200,
        valueGetter: (_v, row) => row.campaignTitle,
        renderCell: ({ row }) => (
          <TwoLines
            main={row.campaignTitle}
            sub={row.playerName ?? (mine ? null : row.organizationName)}
            extra={row.kind === 'fee' ? <Chip size="small" color="secondary" label={t('donations.kind.fee')} /> : null}
          />
        ),
      },
      {
        field: 'amount',
        headerName: t('donations.fields.amount'),
        type: 'number',
        width: 120,
        valueGetter: (_v, row) => row.amountCents,
        valueFormatter: (value: number) => money(value),
      },
      {
        field: 'netCents',
        headerName: t('donations.fields.net'),
        type: 'number',
        width: 120,
        sortable: false,
        valueFormatter: (value: number) => money(value),
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 150,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <DonationStatusChip status={row.status} refundedCents={row.refundedCents} />
          </Box>
        ),
      },
      {
        field: 'method',
        headerName: t('donations.fields.method'),
        width: 110,
        sortable: false,
        valueFormatter: (value: string) => t(`donations.method.${value}`),
      },
    ];
    return cols.filter((c): c is GridColDef<DonationListItem> => c !== false);
  }, [t, money, dateTime, mine]);

  // On a phone: who gave (or, for a donor, to what), when, the amount and the status.
  const phone = useMemo<PhoneRow<DonationListItem>>(
    () => ({
      title: (row) => (
        <Link
          component={RouterLink}
          to={`/donations/view/${row.id}`}
          onClick={(e) => e.stopPropagation()}
          data-testid={`donation-card-link-${row.id}`}
        >
          {mine ? row.campaignTitle : row.donorName}
        </Link>
      ),
      subtitle: (row) =>
        [dateTime(row.createdAt), mine ? row.playerName : row.campaignTitle].filter(Boolean).join(' · '),
      value: (row) => money(row.amountCents),
      status: (row) => <DonationStatusChip status={row.status} refundedCents={row.refundedCents} />,
    }),
    [money, dateTime, mine],
  );

  const NoRows = useMemo(() => () => <EmptyState message={emptyMessage} />, [emptyMessage]);

  return (
    <ServerDataGrid
      testId="donations-grid"
      ariaLabel={t('donations.list.gridLabel')}
      {...grid}
      columns={columns}
      phone={phone}
      slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
      onRowClick={(row) => navigate(`/donations/view/${row.id}`)}
    />
  );
}
