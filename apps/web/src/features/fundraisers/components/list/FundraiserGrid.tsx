import { FUNDRAISER_SORT_COLUMNS, type FundraiserRow } from '@fc/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AvatarLinkCell } from '../../../../components/ui/AvatarLinkCell';
import type { PhoneRow } from '../../../../components/ui/gridLayout';
import { ServerDataGrid, type ServerGridData } from '../../../../components/ui/ServerDataGrid';
import { EmptyState } from '../../../../components/ui/States';
import { AccountStatusChip } from '../shared/Chips';
import { fullName, useMoney } from '../shared/format';

type SortColumn = (typeof FUNDRAISER_SORT_COLUMNS)[number];

export function isFundraiserSortColumn(field: string): field is SortColumn {
  return (FUNDRAISER_SORT_COLUMNS as readonly string[]).includes(field);
}

interface FundraiserGridProps extends ServerGridData<FundraiserRow> {
  emptyMessage: string;
}

/** Players in the caller's scope, paged and sorted by the server; a row opens the player. */
export function FundraiserGrid({ emptyMessage, ...grid }: FundraiserGridProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const columns = useMemo<GridColDef<FundraiserRow>[]>(
    () => [
      {
        field: 'name',
        headerName: t('fundraisers.fields.player'),
        flex: 1.3,
        minWidth: 200,
        valueGetter: (_v, row) => fullName(row.firstName, row.lastName),
        renderCell: ({ row }) => (
          <AvatarLinkCell
            src={row.avatarUrl}
            letter={row.firstName.charAt(0).toUpperCase()}
            text={fullName(row.firstName, row.lastName)}
            to={`/fundraisers/view/${row.id}`}
            testId={`fundraiser-link-${row.id}`}
            stopRowClick
          />
        ),
      },
      {
        field: 'parent',
        headerName: t('fundraisers.fields.parent'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => fullName(row.parentFirstName, row.parentLastName) || '—',
      },
      { field: 'email', headerName: t('fields.email'), flex: 1.3, minWidth: 200 },
      {
        field: 'divisionNames',
        headerName: t('fundraisers.fields.divisions'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueFormatter: (value: string) => value || '—',
      },
      {
        field: 'campaigns',
        headerName: t('fundraisers.fields.campaigns'),
        type: 'number',
        width: 120,
        sortable: false,
        valueFormatter: (value: number) => numberFormat.format(value),
      },
      {
        field: 'raised',
        headerName: t('fundraisers.fields.raised'),
        type: 'number',
        width: 130,
        valueGetter: (_v, row) => row.raisedCents,
        valueFormatter: (value: number) => money(value),
      },
      {
        field: 'accountStatus',
        headerName: t('fundraisers.fields.account'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => <AccountStatusChip status={row.accountStatus} />,
      },
    ],
    [t, money, numberFormat],
  );

  // On a phone: the player, their divisions, what they raised and the family's account.
  const phone = useMemo<PhoneRow<FundraiserRow>>(
    () => ({
      title: (row) => (
        <AvatarLinkCell
          src={row.avatarUrl}
          letter={row.firstName.charAt(0).toUpperCase()}
          text={fullName(row.firstName, row.lastName)}
          to={`/fundraisers/view/${row.id}`}
          testId={`fundraiser-card-link-${row.id}`}
          stopRowClick
        />
      ),
      subtitle: (row) => row.divisionNames || fullName(row.parentFirstName, row.parentLastName),
      value: (row) => money(row.raisedCents),
      status: (row) => <AccountStatusChip status={row.accountStatus} />,
    }),
    [money],
  );

  const NoRows = useMemo(() => () => <EmptyState message={emptyMessage} />, [emptyMessage]);

  return (
    <ServerDataGrid
      testId="fundraiser-grid"
      ariaLabel={t('fundraisers.list.title')}
      {...grid}
      columns={columns}
      phone={phone}
      slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
      onRowClick={(row) => navigate(`/fundraisers/view/${row.id}`)}
    />
  );
}
