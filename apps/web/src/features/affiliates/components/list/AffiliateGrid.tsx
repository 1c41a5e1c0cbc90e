import { AFFILIATE_SORT_COLUMNS, type AffiliateListItem } from '@fc/contracts';
import { Avatar, Box, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { PhoneRow } from '../../../../components/ui/gridLayout';
import { ServerDataGrid, type ServerGridData } from '../../../../components/ui/ServerDataGrid';
import { EmptyState } from '../../../../components/ui/States';
import { useDateCell } from '../../../../components/ui/useServerGrid';
import { count, fullName, useMoney } from '../../../../lib/format';
import { AffiliateStatusChip } from '../shared/Chips';

type SortColumn = (typeof AFFILIATE_SORT_COLUMNS)[number];
export function isAffiliateSortColumn(field: string): field is SortColumn {
  return (AFFILIATE_SORT_COLUMNS as readonly string[]).includes(field);
}

const center = { display: 'flex', alignItems: 'center', height: '100%', gap: 1.5, minWidth: 0 } as const;

/** The affiliates, paged and sorted by the server; a row opens the affiliate's page. */
export function AffiliateGrid({ emptyMessage, ...grid }: ServerGridData<AffiliateListItem> & { emptyMessage: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const date = useDateCell();
  const nameLink = useMemo(
    () => (row: AffiliateListItem, testId: string) => (
      <Link
        component={RouterLink}
        to={`/affiliates/view/${row.id}`}
        onClick={(e) => e.stopPropagation()}
        data-testid={`${testId}-${row.id}`}
      >
        {fullName(row.first_name, row.last_name)}
      </Link>
    ),
    [],
  );
  const columns = useMemo<GridColDef<AffiliateListItem>[]>(
    () => [
      {
        field: 'name',
        headerName: t('affiliates.fields.name'),
        flex: 1.4,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={center}>
            <Avatar src={row.avatarUrl ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
              {row.first_name.charAt(0)}
            </Avatar>
            <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
              <Typography variant="body2" noWrap component="span">
                {nameLink(row, 'affiliate-link')}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="span">
                {row.email}
              </Typography>
            </Box>
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: t('affiliates.fields.status'),
        width: 120,
        renderCell: ({ row }) => (
          <Box sx={center}>
            <AffiliateStatusChip status={row.status} />
          </Box>
        ),
      },
      {
        field: 'programs',
        headerName: t('affiliates.fields.programs'),
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_v, row) => (row.programs.length ? row.programs.join(', ') : '—'),
      },
      {
        field: 'organizationCount',
        headerName: t('affiliates.fields.organizations'),
        width: 130,
        sortable: false,
        type: 'number',
      },
      {
        field: 'conversions',
        headerName: t('affiliates.fields.conversions'),
        width: 130,
        type: 'number',
        valueFormatter: (v: number) => count(v),
      },
      {
        field: 'earnedCents',
        headerName: t('affiliates.fields.earned'),
        width: 130,
        type: 'number',
        valueFormatter: (v: number) => money(v),
      },
      {
        field: 'createdAt',
        headerName: t('affiliates.fields.created'),
        width: 130,
        valueFormatter: (v: string) => date(v),
      },
    ],
    [t, money, date, nameLink],
  );
  const phone = useMemo<PhoneRow<AffiliateListItem>>(
    () => ({
      title: (row) => nameLink(row, 'affiliate-card-link'),
      subtitle: (row) => [row.email, row.programs.join(', ')].filter(Boolean).join(' · '),
      value: (row) => money(row.earnedCents),
      status: (row) => <AffiliateStatusChip status={row.status} />,
    }),
    [money, nameLink],
  );
  const NoRows = useMemo(() => () => <EmptyState message={emptyMessage} />, [emptyMessage]);
  return (
    <ServerDataGrid
      testId="affiliates-grid"
      ariaLabel={t('affiliates.list.gridLabel')}
      {...grid}
      columns={columns}
      phone={phone}
      slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
      onRowClick={(row) => navigate(`/affiliates/view/${row.id}`)}
    />
  );
}
