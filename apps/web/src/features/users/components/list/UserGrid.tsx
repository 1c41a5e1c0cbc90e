import { type Role, USER_SORT_COLUMNS, type UserSummary } from '@fc/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Avatar, Box, IconButton, Link, Tooltip } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { RoleChip, StatusChip } from '../../../../components/ui/Chips';
import { EmptyState } from '../../../../components/ui/States';

type SortColumn = (typeof USER_SORT_COLUMNS)[number];

interface UserGridProps {
  rows: UserSummary[];
  total: number;
  loading: boolean;
  pagination: GridPaginationModel;
  sort: GridSortModel;
  canDelete: boolean;
  onPagination: (model: GridPaginationModel) => void;
  onSort: (model: GridSortModel) => void;
  onDelete: (user: UserSummary) => void;
}

export function isSortColumn(field: string): field is SortColumn {
  return (USER_SORT_COLUMNS as readonly string[]).includes(field);
}

function NoRows() {
  const { t } = useTranslation();
  return <EmptyState message={t('users.empty')} />;
}

/** Server-paginated, server-sorted user grid (the DataGrid chunk loads with this route only). */
export function UserGrid(props: UserGridProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { canDelete, onDelete } = props;
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);

  const columns = useMemo<GridColDef<UserSummary>[]>(
    () => [
      {
        field: 'firstName',
        headerName: t('fields.name'),
        flex: 1.4,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%' }}>
            <Avatar src={row.avatar ?? undefined} alt="" sx={{ width: 30, height: 30 }}>
              {row.firstName.charAt(0)}
            </Avatar>
            <Link component={RouterLink} to={`/apps/user/view/${row.id}`} onClick={(e) => e.stopPropagation()}>
              {`${row.firstName} ${row.lastName}`}
            </Link>
          </Box>
        ),
      },
      { field: 'email', headerName: t('fields.email'), flex: 1.4, minWidth: 200 },
      {
        field: 'role',
        headerName: t('fields.role'),
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => <RoleChip role={row.role as Role | null} />,
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 130,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      {
        field: 'createdAt',
        headerName: t('fields.createdAt'),
        width: 150,
        valueFormatter: (value: string) => (value ? dateFormat.format(new Date(value)) : ''),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 90,
        sortable: false,
        renderCell: ({ row }) =>
          canDelete ? (
            <Tooltip title={t('common.delete')}>
              <IconButton
                aria-label={t('users.deleteNamed', { name: `${row.firstName} ${row.lastName}` })}
                onClick={(e) => {
                  e.stopPropagation();
                  onDelete(row);
                }}
                data-testid={`delete-user-${row.id}`}
              >
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          ) : null,
      },
    ],
    [t, dateFormat, canDelete, onDelete],
  );

  return (
    <Box sx={{ width: '100%' }} data-testid="user-grid">
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
        onRowClick={({ row }) => navigate(`/apps/user/view/${row.id}`)}
        slots={{ noRowsOverlay: NoRows }}
        localeText={i18n.language === 'es' ? esES.components.MuiDataGrid.defaultProps.localeText : undefined}
        aria-label={t('users.title')}
        sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </Box>
  );
}
