import type { FundraiserContact } from '@fc/contracts';
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Card, CardContent, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoveRowButton, RowActionButton } from '../../../../components/ui/RowActions';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { useGridLocaleText } from '../../../../components/ui/useGridLocaleText';
import { useContacts, useDeleteContact } from '../../api/contacts';
import { ContactStatusChip } from '../shared/Chips';
import { ConfirmRemove } from '../shared/ConfirmRemove';
import { ContactDialog } from './ContactDialog';
import { ImportContactsDialog } from './ImportContactsDialog';
import { InviteContactsDialog } from './InviteContactsDialog';

const NO_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The rows a selection model names ("select all" is an exclude list). */
function selectedRows(rows: FundraiserContact[], model: GridRowSelectionModel): FundraiserContact[] {
  return model.type === 'include' ? rows.filter((r) => model.ids.has(r.id)) : rows.filter((r) => !model.ids.has(r.id));
}

interface ContactsSectionProps {
  playerId: number;
  campaignId: number;
  playerName: string;
  /** Invitations go out only while the campaign is active (a draft is not public yet; a closed one has ended). */
  campaignStatus: string;
}

type Editing = { mode: 'add' } | { mode: 'edit'; contact: FundraiserContact } | null;

/** The people the player asks for support on this campaign: add, import, edit, delete, invite to donate. */
export function ContactsSection({ playerId, campaignId, playerName, campaignStatus }: ContactsSectionProps) {
  const { t } = useTranslation();
  const localeText = useGridLocaleText();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const contacts = useContacts(playerId, campaignId);
  const remove = useDeleteContact(playerId, campaignId);
  const [selection, setSelection] = useState<GridRowSelectionModel>(NO_SELECTION);
  const [editing, setEditing] = useState<Editing>(null);
  const [importing, setImporting] = useState(false);
  const [inviting, setInviting] = useState<{ list: FundraiserContact[]; selected: boolean } | null>(null);
  const [deleting, setDeleting] = useState<FundraiserContact | null>(null);

  const rows = contacts.data?.data ?? [];
  const chosen = selectedRows(rows, selection);
  const uninvited = rows.filter((r) => r.status === 'added');

  const columns = useMemo<GridColDef<FundraiserContact>[]>(
    () => [
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1,
        minWidth: 150,
        renderCell: ({ row }) => (
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'center',
              height: '100%',
              lineHeight: 1.4,
              py: narrow ? 1 : 0,
              minWidth: 0,
            }}
          >
            <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{row.name}</Box>
            {narrow ? (
              <>
                <Box sx={{ typography: 'caption', color: 'text.secondary', wordBreak: 'break-all' }}>{row.email}</Box>
                <Box sx={{ mt: 0.5 }}>
                  <ContactStatusChip status={row.status} />
                </Box>
              </>
            ) : null}
          </Box>
        ),
      },
      { field: 'email', headerName: t('fields.email'), flex: 1.3, minWidth: 200 },
      {
        field: 'phone',
        headerName: t('fields.phone'),
        width: 150,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 120,
        renderCell: ({ row }) => <ContactStatusChip status={row.status} />,
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 96,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', height: '100%' }}>
            <RowActionButton
              title={t('common.edit')}
              label={t('fundraisers.contacts.editNamed', { name: row.name })}
              icon={<EditIcon fontSize="small" />}
              onClick={(e) => {
                e.stopPropagation();
                setEditing({ mode: 'edit', contact: row });
              }}
              testId={`edit-contact-${row.id}`}
            />
            <RemoveRowButton
              title={t('common.delete')}
              label={t('fundraisers.contacts.deleteNamed', { name: row.name })}
              onClick={(e) => {
                e.stopPropagation();
                setDeleting(row);
              }}
              testId={`delete-contact-${row.id}`}
            />
          </Box>
        ),
      },
    ],
    [t, narrow],
  );

  // Stable props: the grid resets its state when a controlled model changes identity.
  const visibility = useMemo(() => ({ email: !narrow, phone: !narrow, status: !narrow }), [narrow]);
  const rowHeight = useCallback(() => (narrow ? ('auto' as const) : null), [narrow]);

  const inviteTargets = chosen.length > 0 ? chosen : uninvited;
  const inviteLabel =
    chosen.length > 0
      ? t('fundraisers.invite.buttonSelected', { count: chosen.length })
      : uninvited.length > 0
        ? t('fundraisers.invite.buttonAll', { count: uninvited.length })
        : t('fundraisers.invite.title');

  return (
    <Card component="section" aria-labelledby="contacts-title" data-testid="contacts-section">
      <CardContent>
        <Box sx={{ mb: 2 }}>
          <Typography variant="h6" component="h2" id="contacts-title">
            {t('fundraisers.contacts.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('fundraisers.contacts.subtitle', { name: playerName })}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<PersonAddIcon />}
            onClick={() => setEditing({ mode: 'add' })}
            data-testid="add-contact-button"
          >
            {t('fundraisers.contacts.add')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PlaylistAddIcon />}
            onClick={() => setImporting(true)}
            data-testid="import-contacts-button"
          >
            {t('fundraisers.import.button')}
          </Button>
          <Button
            variant="contained"
            startIcon={<SendIcon />}
            disabled={inviteTargets.length === 0 || campaignStatus !== 'active'}
            onClick={() => setInviting({ list: inviteTargets, selected: chosen.length > 0 })}
            data-testid="invite-contacts-button"
            sx={{ ml: { sm: 'auto' } }}
          >
            {inviteLabel}
          </Button>
        </Stack>
        {campaignStatus === 'draft' ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="invite-not-yet">
            {t('fundraisers.invite.draft')}
          </Alert>
        ) : null}
        {contacts.isError ? <ErrorState error={contacts.error} onRetry={() => void contacts.refetch()} /> : null}
        {contacts.isSuccess && rows.length === 0 ? (
          <EmptyState message={t('fundraisers.contacts.empty')} />
        ) : contacts.isError ? null : (
          <Box sx={{ width: '100%' }} data-testid="contacts-grid">
            <DataGrid
              autoHeight
              rows={rows}
              columns={columns}
              loading={contacts.isFetching && !contacts.isSuccess}
              checkboxSelection
              disableRowSelectionOnClick
              rowSelectionModel={selection}
              onRowSelectionModelChange={setSelection}
              getRowHeight={rowHeight}
              columnVisibilityModel={visibility}
              initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
              pageSizeOptions={[10, 25, 50, 100]}
              disableColumnFilter
              localeText={localeText}
              aria-label={t('fundraisers.contacts.title')}
            />
          </Box>
        )}
      </CardContent>
      {editing ? (
        <ContactDialog
          playerId={playerId}
          campaignId={campaignId}
          contact={editing.mode === 'edit' ? editing.contact : null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importing ? (
        <ImportContactsDialog playerId={playerId} campaignId={campaignId} onClose={() => setImporting(false)} />
      ) : null}
      {inviting ? (
        <InviteContactsDialog
          playerId={playerId}
          campaignId={campaignId}
          playerName={playerName}
          contacts={inviting.list}
          selected={inviting.selected}
          onClose={() => setInviting(null)}
          onSent={() => setSelection(NO_SELECTION)}
        />
      ) : null}
      <ConfirmRemove
        id={deleting?.id ?? null}
        remove={remove}
        title={t('fundraisers.contacts.deleteTitle')}
        message={deleting ? t('fundraisers.contacts.deleteMessage', { name: deleting.name }) : ''}
        confirmLabel={t('common.delete')}
        doneMessage={t('fundraisers.contacts.deleted')}
        onClose={() => setDeleting(null)}
        onDone={() => {
          if (!deleting) return;
          setSelection((s) => {
            const ids = new Set(s.ids);
            ids.delete(deleting.id);
            return { ...s, ids };
          });
        }}
      />
    </Card>
  );
}
