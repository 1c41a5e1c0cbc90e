import { ORG_SORT_COLUMNS, type OrgSummary, type OrgTypeId } from '@fc/contracts';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AvatarLinkCell } from '../../../../components/ui/AvatarLinkCell';
import type { PhoneRow } from '../../../../components/ui/gridLayout';
import { ServerDataGrid, type ServerGridData } from '../../../../components/ui/ServerDataGrid';
import { EmptyState } from '../../../../components/ui/States';
import { useDateCell } from '../../../../components/ui/useServerGrid';
import { OrgStatusChip } from '../shared/OrgChips';
import { typeName, viewPath } from '../shared/orgTypes';

type SortColumn = (typeof ORG_SORT_COLUMNS)[number];

export function isOrgSortColumn(field: string): field is SortColumn {
  return (ORG_SORT_COLUMNS as readonly string[]).includes(field);
}

interface OrgGridProps extends ServerGridData<OrgSummary> {
  typeId: OrgTypeId;
  emptyMessage: string;
}

/** Server-paginated, server-sorted list of one node type. */
export function OrgGrid({ typeId, emptyMessage, ...grid }: OrgGridProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dateCell = useDateCell();
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const columns = useMemo<GridColDef<OrgSummary>[]>(() => {
    const cols: GridColDef<OrgSummary>[] = [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1.5,
        minWidth: 220,
        renderCell: ({ row }) => (
          <AvatarLinkCell
            src={row.logoUrl}
            letter={row.name.charAt(0).toUpperCase()}
            text={row.name}
            to={viewPath(row.typeId, row.id)}
            testId={`org-link-${row.id}`}
            rounded
            stopRowClick
          />
        ),
      },
      { field: 'slug', headerName: t('orgs.fields.slug'), flex: 1, minWidth: 150 },
    ];
    if (typeId !== 1)
      cols.push({
        field: 'parentName',
        headerName: t('orgs.fields.parent'),
        flex: 1.2,
        minWidth: 170,
        valueFormatter: (value: string | null) => value ?? '—',
      });
    if (typeId === 3)
      cols.push({
        field: 'salesName',
        headerName: t('orgs.fields.salesperson'),
        flex: 1,
        minWidth: 150,
        valueFormatter: (value: string | null) => value ?? '—',
      });
    if (typeId !== 4)
      cols.push({
        field: 'childrenCount',
        headerName: t(`orgs.childrenOf.${typeName(typeId)}`),
        type: 'number',
        width: 160,
        sortable: false,
      });
    cols.push(
      {
        field: 'players',
        headerName: t('orgs.rollup.players'),
        type: 'number',
        width: 110,
        valueFormatter: (value: number) => numberFormat.format(value),
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <OrgStatusChip status={row.status} />,
      },
      {
        field: 'createdAt',
        headerName: t('fields.createdAt'),
        width: 140,
        valueFormatter: dateCell,
      },
    );
    return cols;
  }, [t, typeId, dateCell, numberFormat]);

  // On a phone: the name, where it sits, its players and its status.
  const phone = useMemo<PhoneRow<OrgSummary>>(
    () => ({
      title: (row) => (
        <AvatarLinkCell
          src={row.logoUrl}
          letter={row.name.charAt(0).toUpperCase()}
          text={row.name}
          to={viewPath(row.typeId, row.id)}
          testId={`org-card-link-${row.id}`}
          rounded
          stopRowClick
        />
      ),
      subtitle: (row) => row.parentName ?? row.slug,
      value: (row) => t('orgs.list.playersCount', { count: row.players, formatted: numberFormat.format(row.players) }),
      status: (row) => <OrgStatusChip status={row.status} />,
    }),
    [t, numberFormat],
  );

  const NoRows = useMemo(() => () => <EmptyState message={emptyMessage} />, [emptyMessage]);

  return (
    <ServerDataGrid
      testId="org-grid"
      ariaLabel={t(`orgs.list.title.${typeName(typeId)}`)}
      {...grid}
      columns={columns}
      phone={phone}
      slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
      onRowClick={(row) => navigate(viewPath(row.typeId, row.id))}
    />
  );
}
