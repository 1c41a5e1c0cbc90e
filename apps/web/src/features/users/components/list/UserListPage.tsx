import type { Role, UserSummary } from '@fc/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, Card, CardContent } from '@mui/material';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ErrorState } from '../../../../components/ui/States';
import { useAppAbility } from '../../../../lib/abilities/useAppAbility';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useUsers } from '../../api/get-users';
import type { UserListParams } from '../../api/keys';
import { AddUserDialog } from './AddUserDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { UserFilters, type UserStatus } from './UserFilters';
import { isSortColumn, UserGrid } from './UserGrid';

/** /apps/user/list */
export function UserListPage() {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sort, setSort] = useState<GridSortModel>([]);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  const q = useDebouncedValue(search.trim());

  const sortItem = sort[0];
  const params: UserListParams = {
    q: q || undefined,
    role: role || undefined,
    status: status || undefined,
    page: pagination.page + 1,
    perPage: pagination.pageSize,
    ...(sortItem?.sort && isSortColumn(sortItem.field) ? { sortColumn: sortItem.field, sort: sortItem.sort } : {}),
  };
  const users = useUsers(params);
  const resetPage = () => setPagination((p) => ({ ...p, page: 0 }));
  const onDelete = useCallback((u: UserSummary) => setDeleting(u), []);

  return (
    <>
      <PageHeader
        title={t('users.title')}
        subtitle={t('users.subtitle')}
        actions={
          ability.can('create', 'userprofile') ? (
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => setAdding(true)}
              data-testid="add-user-button"
            >
              {t('users.addUser')}
            </Button>
          ) : null
        }
      />
      <Card>
        <CardContent>
          <UserFilters
            search={search}
            role={role}
            status={status}
            onSearch={(v) => {
              setSearch(v);
              resetPage();
            }}
            onRole={(v) => {
              setRole(v);
              resetPage();
            }}
            onStatus={(v) => {
              setStatus(v);
              resetPage();
            }}
          />
          {users.isError ? <ErrorState error={users.error} onRetry={() => void users.refetch()} /> : null}
          <UserGrid
            rows={users.data?.data ?? []}
            total={users.data?.total ?? 0}
            loading={users.isFetching}
            pagination={pagination}
            sort={sort}
            canDelete={ability.can('delete', 'userprofile')}
            onPagination={setPagination}
            onSort={(model) => {
              setSort(model);
              resetPage();
            }}
            onDelete={onDelete}
          />
        </CardContent>
      </Card>
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
