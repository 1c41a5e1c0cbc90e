import { type Role, USER_SORT_COLUMNS, type UserSummary } from '@fc/contracts';
import { Avatar, Box, Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { RoleChip, StatusChip } from '../../../../components/ui/Chips';
import type { PhoneRow } from '../../../../components/ui/gridLayout';
import { RemoveRowButton } from '../../../../components/ui/RowActions';
import { ServerDataGrid, type ServerGridData } from '../../../../components/ui/ServerDataGrid';
import { EmptyState } from '../../../../components/ui/States';
import { useDateCell } from '../../../../components/ui/useServerGrid';

type SortColumn = (typeof USER_SORT_COLUMNS)[number];

interface UserGridProps extends ServerGridData<UserSummary> {
  canDelete: boolean;
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
export function UserGrid({ canDelete, onDelete, ...grid }: UserGridProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dateCell = useDateCell();

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
        valueFormatter: dateCell,
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 90,
        sortable: false,
        renderCell: ({ row }) =>
          canDelete ? (
            <RemoveRowButton
              title={t('common.delete')}
              label={t('users.deleteNamed', { name: `${row.firstName} ${row.lastName}` })}
              onClick={(e) => {
                e.stopPropagation();
                onDelete(row);
              }}
              testId={`delete-user-${row.id}`}
              size="medium"
            />
          ) : null,
      },
    ],
    [t, dateCell, canDelete, onDelete],
  );

  // On a phone: the person, their role and email, and their status.
  const phone = useMemo<PhoneRow<UserSummary>>(
    () => ({
      title: (row) => (
        <Link
          component={RouterLink}
          to={`/apps/user/view/${row.id}`}
          onClick={(e) => e.stopPropagation()}
          data-testid={`user-card-link-${row.id}`}
        >
          {`${row.firstName} ${row.lastName}`}
        </Link>
      ),
      subtitle: (row) => `${row.role ? t(`roles.${row.role}`) : t('common.none')} · ${row.email}`,
      status: (row) => <StatusChip status={row.status} />,
      action: canDelete
        ? (row) => (
            <RemoveRowButton
              title={t('common.delete')}
              label={t('users.deleteNamed', { name: `${row.firstName} ${row.lastName}` })}
              onClick={(e) => {
                e.stopPropagation();
                onDelete(row);
              }}
              testId={`delete-user-card-${row.id}`}
            />
          )
        : undefined,
    }),
    [t, canDelete, onDelete],
  );

  return (
    <ServerDataGrid
      testId="user-grid"
      ariaLabel={t('users.title')}
      {...grid}
      columns={columns}
      phone={phone}
      slots={{ noRowsOverlay: NoRows }}
      onRowClick={(row) => navigate(`/apps/user/view/${row.id}`)}
    />
  );
}
