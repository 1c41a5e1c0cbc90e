import type { OrgDetail, RosterEntry } from '@fc/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SendIcon from '@mui/icons-material/Send';
import {
  Box,
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoveDialog } from '../../../../components/ui/ConfirmDialog';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { RemoveRowButton, ResendInviteButton } from '../../../../components/ui/RowActions';
import { SearchField } from '../../../../components/ui/SearchField';
import { EmptyState, ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useDivision, useInviteUninvited, useRemoveRosterEntry, useResendRosterInvite } from '../../api/roster';
import { AddPlayerDialog } from './AddPlayerDialog';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** A division's players (GET /divisions/{id}): add, remove with confirmation, resend invitation. */
export function RosterTab({ node }: { node: OrgDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const division = useDivision(node.id);
  const remove = useRemoveRosterEntry(node.id);
  const resend = useResendRosterInvite();
  const inviteAll = useInviteUninvited(node.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<RosterEntry | null>(null);
  const [filter, setFilter] = useState('');
  const manage = node.can.manageRoster;

  if (division.isPending) return <LoadingScreen />;
  if (division.isError) return <ErrorState error={division.error} onRetry={() => void division.refetch()} />;

  const needle = filter.trim().toLowerCase();
  const players = division.data.data.players.filter(
    (p) =>
      !needle ||
      [p.firstName, p.lastName, p.parentFirstName, p.parentLastName, p.email]
        .filter(Boolean)
        .some((v) => String(v).toLowerCase().includes(needle)),
  );
  const total = division.data.data.players.length;
  // Families added by an import are not emailed until someone sends the invitations.
  const notInvited = division.data.data.players.filter((p) => p.status === 'invited' && !p.invitedAt).length;

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('orgs.roster.title', { count: total })}
        </Typography>
        {total > 0 ? (
          <SearchField
            size="small"
            label={t('orgs.roster.filter')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        ) : null}
        {manage && notInvited > 0 ? (
          <Button
            variant="outlined"
            startIcon={<SendIcon />}
            disabled={inviteAll.isPending}
            onClick={() =>
              inviteAll.mutate(undefined, {
                onSuccess: (res) => toast.success(t('orgs.roster.invitesSent', { count: res.data.sent })),
                onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
              })
            }
            data-testid="invite-all-button"
          >
            {t('orgs.roster.inviteAll', { count: notInvited })}
          </Button>
        ) : null}
        {manage ? (
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setAdding(true)}
            data-testid="add-player-button"
          >
            {t('orgs.roster.add')}
          </Button>
        ) : null}
      </Stack>
      {players.length === 0 ? (
        <EmptyState message={total === 0 ? t('orgs.roster.empty') : t('orgs.roster.noMatch')} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('orgs.tabs.players')} data-testid="roster-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('orgs.roster.player')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('orgs.roster.parent')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fields.email')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('fields.phone')}</TableCell>
                <TableCell>{t('fields.status')}</TableCell>
                {manage ? <TableCell align="right">{t('common.actions')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {players.map((p) => {
                const name = fullName(p.firstName, p.lastName);
                return (
                  <TableRow key={p.id} hover data-testid={`roster-row-${p.id}`}>
                    <TableCell>
                      {name}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' } }}
                      >
                        {p.email}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {fullName(p.parentFirstName, p.parentLastName) || '—'}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-all' }}>
                      {p.email}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{p.phone || '—'}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={p.status === 'active' ? 'success' : 'primary'}
                        label={
                          p.status === 'invited' && !p.invitedAt ? t('orgs.roster.notInvited') : t(`status.${p.status}`)
                        }
                      />
                    </TableCell>
                    {manage ? (
                      <TableCell align="right">
                        <Box sx={{ display: 'inline-flex' }}>
                          {p.status === 'invited' ? (
                            <ResendInviteButton
                              resend={resend}
                              id={p.id}
                              label={t('orgs.roster.resendTo', { name })}
                              testId={`resend-player-${p.id}`}
                            />
                          ) : null}
                          <RemoveRowButton
                            title={t('orgs.roster.remove')}
                            label={t('orgs.roster.removeNamed', { name })}
                            onClick={() => setRemoving(p)}
                            testId={`remove-player-${p.id}`}
                          />
                        </Box>
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {adding ? <AddPlayerDialog node={node} onClose={() => setAdding(false)} /> : null}
      <ConfirmRemoveDialog
        item={removing}
        remove={remove}
        title={t('orgs.roster.removeTitle')}
        message={
          removing
            ? t('orgs.roster.removeMessage', {
                name: fullName(removing.firstName, removing.lastName),
                division: node.name,
              })
            : ''
        }
        confirmLabel={t('orgs.roster.remove')}
        doneMessage={t('orgs.roster.removed')}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
