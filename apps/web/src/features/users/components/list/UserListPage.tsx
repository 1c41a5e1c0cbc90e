import type { Role, UserSummary } from '@fc/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, Card, CardContent } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/ui/PageHeader';
import { ErrorState } from '../../../../components/ui/States';
import { useServerGrid } from '../../../../components/ui/useServerGrid';
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
  const { grid, resetPage, pageParams } = useServerGrid(isSortColumn);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  const q = useDebouncedValue(search.trim());

  const params: UserListParams = {
    q: q || undefined,
    role: role || undefined,
    status: status || undefined,
    ...pageParams,
  };
  const users = useUsers(params);
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
            canDelete={ability.can('delete', 'userprofile')}
            onDelete={onDelete}
            {...grid}
          />
        </CardContent>
      </Card>
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
