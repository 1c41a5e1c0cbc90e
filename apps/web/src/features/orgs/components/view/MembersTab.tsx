import { type OrgDetail, type OrgMember, type OrgRole, ROLES_FOR_TYPE } from '@fc/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/Send';
import {
  Box,
  Button,
  Chip,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleChip } from '../../../../components/ui/Chips';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import type { MemberListParams } from '../../api/keys';
import { useChangeMemberRole, useMembers, useRemoveMember, useResendMemberInvite } from '../../api/members';
import { AddMemberDialog } from './AddMemberDialog';

const SORTABLE = ['name', 'email', 'role', 'createdAt'] as const;
type SortColumn = (typeof SORTABLE)[number];
const FIELD_TO_SORT: Record<string, SortColumn> = {
  name: 'name',
  email: 'email',
  role: 'role',
  createdAt: 'createdAt',
};

function NoMembers() {
  const { t } = useTranslation();
  return <EmptyState message={t('orgs.members.empty')} />;
}

/** Paged members of the node: add by email, change role, remove, resend the invitation. */
export function MembersTab({ node }: { node: OrgDetail }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sort, setSort] = useState<GridSortModel>([]);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const q = useDebouncedValue(search.trim());
  const sortItem = sort[0];
  const sortColumn = sortItem ? FIELD_TO_SORT[sortItem.field] : undefined;
  const params: MemberListParams = {
    q: q || undefined,
    page: pagination.page + 1,
    perPage: pagination.pageSize,
    ...(sortItem?.sort && sortColumn ? { sortColumn, sort: sortItem.sort } : {}),
  };
  const members = useMembers(node.id, params);
  const changeRole = useChangeMemberRole(node.id);
  const remove = useRemoveMember(node.id);
  const resend = useResendMemberInvite();
  const roles = ROLES_FOR_TYPE[node.typeId];
  const manage = node.can.manageMembers;
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);

  const columns = useMemo<GridColDef<OrgMember>[]>(
    () => [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1.2,
        minWidth: 170,
        valueGetter: (_v, row) => `${row.firstName} ${row.lastName}`,
      },
      { field: 'email', headerName: t('fields.email'), flex: 1.4, minWidth: 210 },
      {
        field: 'role',
        headerName: t('fields.role'),
        flex: 1,
        minWidth: 190,
        renderCell: ({ row }) =>
          manage && roles.length > 1 && row.userId !== me?.id ? (
            <TextField
              select
              size="small"
              variant="standard"
              value={row.role}
              disabled={changeRole.isPending}
              onClick={(e) => e.stopPropagation()}
              onChange={(e) =>
                changeRole.mutate(
                  { id: row.id, role: e.target.value as OrgRole },
                  {
                    onSuccess: () => toast.success(t('orgs.members.roleChanged', { name: row.firstName })),
                    onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
                  },
                )
              }
              slotProps={{
                htmlInput: { 'aria-label': t('orgs.members.roleOf', { name: `${row.firstName} ${row.lastName}` }) },
                select: { SelectDisplayProps: { 'data-testid': `member-role-${row.id}` } as object },
              }}
              sx={{ minWidth: 170 }}
            >
              {roles.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`roles.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <RoleChip role={row.role} />
          ),
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={row.status === 'active' ? 'success' : row.status === 'invited' ? 'primary' : 'default'}
            label={t(`status.${row.status === 'invited' || row.status === 'disabled' ? row.status : 'active'}`)}
          />
        ),
      },
      {
        field: 'createdAt',
        headerName: t('orgs.members.since'),
        width: 130,
        valueFormatter: (value: string) => (value ? dateFormat.format(new Date(value)) : ''),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => {
          if (!manage) return null;
          const name = `${row.firstName} ${row.lastName}`;
          return (
            <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
              {row.status === 'invited' ? (
                <Tooltip title={t('users.resendInvite')}>
                  <span>
                    <IconButton
                      aria-label={t('orgs.members.resendTo', { name })}
                      disabled={resend.isPending}
                      onClick={() =>
                        resend.mutate(row.userId, {
                          onSuccess: (res) => toast.success(res.message || t('users.inviteSent')),
                          onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
                        })
                      }
                      data-testid={`resend-member-${row.id}`}
                    >
                      <SendIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              ) : null}
              {row.userId !== me?.id ? (
                <Tooltip title={t('orgs.members.remove')}>
                  <IconButton
                    aria-label={t('orgs.members.removeNamed', { name })}
                    onClick={() => setRemoving(row)}
                    data-testid={`remove-member-${row.id}`}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : null}
            </Box>
          );
        },
      },
    ],
    [t, manage, roles, me?.id, changeRole, resend, toast, dateFormat],
  );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('orgs.tabs.members')}
        </Typography>
        <TextField
          size="small"
          type="search"
          label={t('orgs.members.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'member-search' },
          }}
        />
        {manage ? (
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setAdding(true)}
            data-testid="add-member-button"
          >
            {t('orgs.members.add')}
          </Button>
        ) : null}
      </Stack>
      {members.isError ? <ErrorState error={members.error} onRetry={() => void members.refetch()} /> : null}
      <Box sx={{ width: '100%' }} data-testid="members-grid">
        <DataGrid
          autoHeight
          rows={members.data?.data ?? []}
          columns={columns}
          rowCount={members.data?.total ?? 0}
          loading={members.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          sortModel={sort}
          onSortModelChange={(m) => {
            setSort(m);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          pageSizeOptions={[10, 25, 50, 100]}
          disableRowSelectionOnClick
          disableColumnFilter
          slots={{ noRowsOverlay: NoMembers }}
          localeText={i18n.language === 'es' ? esES.components.MuiDataGrid.defaultProps.localeText : undefined}
          aria-label={t('orgs.tabs.members')}
        />
      </Box>
      {adding ? <AddMemberDialog node={node} onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('orgs.members.removeTitle')}
        message={
          removing
            ? t('orgs.members.removeMessage', { name: `${removing.firstName} ${removing.lastName}`, node: node.name })
            : ''
        }
        confirmLabel={t('orgs.members.remove')}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: (res) => {
              toast.success(res.message || t('orgs.members.removed'));
              setRemoving(null);
            },
            onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
          });
        }}
      />
    </>
  );
}
