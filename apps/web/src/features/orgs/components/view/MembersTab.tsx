import { type OrgDetail, type OrgMember, type OrgRole, ROLES_FOR_TYPE } from '@fc/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleChip } from '../../../../components/ui/Chips';
import { ConfirmRemoveDialog } from '../../../../components/ui/ConfirmDialog';
import { SelectField } from '../../../../components/ui/FormFields';
import type { PhoneRow } from '../../../../components/ui/gridLayout';
import { RemoveRowButton, ResendInviteButton } from '../../../../components/ui/RowActions';
import { SearchField } from '../../../../components/ui/SearchField';
import { ServerDataGrid } from '../../../../components/ui/ServerDataGrid';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useDateCell, useServerGrid } from '../../../../components/ui/useServerGrid';
import { errorMessage } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import type { MemberListParams } from '../../api/keys';
import { useChangeMemberRole, useMembers, useRemoveMember, useResendMemberInvite } from '../../api/members';
import { AddMemberDialog } from './AddMemberDialog';

const SORTABLE = ['name', 'email', 'role', 'createdAt'] as const;
type SortColumn = (typeof SORTABLE)[number];
const isSortColumn = (field: string): field is SortColumn => (SORTABLE as readonly string[]).includes(field);

function MemberStatusChip({ status }: { status: OrgMember['status'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={status === 'active' ? 'success' : status === 'invited' ? 'primary' : 'default'}
      label={t(`status.${status === 'invited' || status === 'disabled' ? status : 'active'}`)}
    />
  );
}

function NoMembers() {
  const { t } = useTranslation();
  return <EmptyState message={t('orgs.members.empty')} />;
}

/** Paged members of the node: add by email, change role, remove, resend the invitation. */
export function MembersTab({ node }: { node: OrgDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const { grid, resetPage, pageParams } = useServerGrid(isSortColumn);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const q = useDebouncedValue(search.trim());
  const params: MemberListParams = { q: q || undefined, ...pageParams };
  const members = useMembers(node.id, params);
  const changeRole = useChangeMemberRole(node.id);
  const remove = useRemoveMember(node.id);
  const resend = useResendMemberInvite();
  const roleOptions = useMemo(
    () => ROLES_FOR_TYPE[node.typeId].map((r) => ({ value: r, label: t(`roles.${r}`) })),
    [node.typeId, t],
  );
  const manage = node.can.manageMembers;
  const dateCell = useDateCell();

  const canChangeRole = useCallback(
    (row: OrgMember) => manage && roleOptions.length > 1 && row.userId !== me?.id,
    [manage, roleOptions, me?.id],
  );
  // The role: a picker for whoever manages members (not for their own row), else a chip.
  const roleCell = useCallback(
    (row: OrgMember, where: 'row' | 'card' = 'row') =>
      canChangeRole(row) ? (
        <SelectField
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
          }}
          testId={where === 'card' ? `member-card-role-${row.id}` : `member-role-${row.id}`}
          sx={where === 'card' ? { width: '100%' } : { minWidth: 170 }}
          fullWidth={where === 'card'}
          options={roleOptions}
        />
      ) : (
        <RoleChip role={row.role} />
      ),
    [canChangeRole, changeRole, roleOptions, toast, t],
  );
  // Resend the invitation (invited members) and remove (anyone but oneself).
  const rowActions = useCallback(
    (row: OrgMember, where: 'row' | 'card' = 'row') => {
      if (!manage) return null;
      const name = `${row.firstName} ${row.lastName}`;
      const suffix = where === 'card' ? `card-${row.id}` : String(row.id);
      return (
        <>
          {row.status === 'invited' ? (
            <ResendInviteButton
              resend={resend}
              id={row.userId}
              label={t('orgs.members.resendTo', { name })}
              testId={`resend-member-${suffix}`}
            />
          ) : null}
          {row.userId !== me?.id ? (
            <RemoveRowButton
              title={t('orgs.members.remove')}
              label={t('orgs.members.removeNamed', { name })}
              onClick={() => setRemoving(row)}
              testId={`remove-member-${suffix}`}
            />
          ) : null}
        </>
      );
    },
    [manage, resend, me?.id, t],
  );

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
        renderCell: ({ row }) => roleCell(row),
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <MemberStatusChip status={row.status} />,
      },
      {
        field: 'createdAt',
        headerName: t('orgs.members.since'),
        width: 130,
        valueFormatter: dateCell,
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>{rowActions(row)}</Box>
        ),
      },
    ],
    [t, roleCell, rowActions, dateCell],
  );

  // On a phone: the person and their email, their status, the resend and remove buttons, and
  // the role picker (or the role) on a line of its own.
  const phone = useMemo<PhoneRow<OrgMember>>(
    () => ({
      title: (row) => `${row.firstName} ${row.lastName}`,
      subtitle: (row) => (canChangeRole(row) ? row.email : `${t(`roles.${row.role}`)} · ${row.email}`),
      status: (row) => <MemberStatusChip status={row.status} />,
      action: manage ? (row) => <Box sx={{ display: 'flex' }}>{rowActions(row, 'card')}</Box> : undefined,
      below: (row) => (canChangeRole(row) ? roleCell(row, 'card') : null),
    }),
    [t, manage, canChangeRole, roleCell, rowActions],
  );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('orgs.tabs.members')}
        </Typography>
        <SearchField
          size="small"
          label={t('orgs.members.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            resetPage();
          }}
          testId="member-search"
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
      <ServerDataGrid
        testId="members-grid"
        ariaLabel={t('orgs.tabs.members')}
        rows={members.data?.data ?? []}
        total={members.data?.total ?? 0}
        loading={members.isFetching}
        {...grid}
        columns={columns}
        phone={phone}
        slots={{ noRowsOverlay: NoMembers }}
      />
      {adding ? <AddMemberDialog node={node} onClose={() => setAdding(false)} /> : null}
      <ConfirmRemoveDialog
        item={removing}
        remove={remove}
        title={t('orgs.members.removeTitle')}
        message={
          removing
            ? t('orgs.members.removeMessage', { name: `${removing.firstName} ${removing.lastName}`, node: node.name })
            : ''
        }
        confirmLabel={t('orgs.members.remove')}
        doneMessage={t('orgs.members.removed')}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
