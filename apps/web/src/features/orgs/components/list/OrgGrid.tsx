import { ORG_SORT_COLUMNS, type OrgSummary, type OrgTypeId } from '@fc/contracts';
import { Avatar, Box, Link } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { EmptyState } from '../../../../components/ui/States';
import { OrgStatusChip } from '../shared/OrgChips';
import { typeName, viewPath } from '../shared/orgTypes';

type SortColumn = (typeof ORG_SORT_COLUMNS)[number];

export function isOrgSortColumn(field: string): field is SortColumn {
  return (ORG_SORT_COLUMNS as readonly string[]).includes(field);
}

interface OrgGridProps {
  typeId: OrgTypeId;
  rows: OrgSummary[];
  total: number;
  loading: boolean;
  pagination: GridPaginationModel;
  sort: GridSortModel;
  emptyMessage: string;
  onPagination: (model: GridPaginationModel) => void;
  onSort: (model: GridSortModel) => void;
}

/** Server-paginated, server-sorted list of one node type. */
export function OrgGrid(props: OrgGridProps) {
  const { typeId, emptyMessage } = props;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);

  const columns = useMemo<GridColDef<OrgSummary>[]>(() => {
    const cols: GridColDef<OrgSummary>[] = [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1.5,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
            <Avatar variant="rounded" src={row.logoUrl ?? undefined} alt="" sx={{ width: 30, height: 30 }}>
              {row.name.charAt(0).toUpperCase()}
            </Avatar>
            <Link
              component={RouterLink}
              to={viewPath(row.typeId, row.id)}
              onClick={(e) => e.stopPropagation()}
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
              data-testid={`org-link-${row.id}`}
            >
              {row.name}
            </Link>
          </Box>
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
        valueFormatter: (value: string) => (value ? dateFormat.format(new Date(value)) : ''),
      },
    );
    return cols;
  }, [t, typeId, dateFormat, numberFormat]);

  const NoRows = useMemo(() => () => <EmptyState message={emptyMessage} />, [emptyMessage]);

  return (
    <Box sx={{ width: '100%' }} data-testid="org-grid">
      <DataGrid
        autoHeight
        rows={props.rows}
        columns={columns}
        rowCount={props.total}
        loading={props.loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={props.pagination}
        onPaginationModelChange={props.onPagination}
        sortModel={props.sort}
        onSortModelChange={props.onSort}
        pageSizeOptions={[10, 25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnFilter
        onRowClick={({ row }) => navigate(viewPath(row.typeId, row.id))}
        slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
        localeText={i18n.language === 'es' ? esES.components.MuiDataGrid.defaultProps.localeText : undefined}
        aria-label={t(`orgs.list.title.${typeName(typeId)}`)}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </Box>
  );
}
