import { CONTACT_REINVITE_HOURS, type FundraiserContact, type InviteContactsResult } from '@fc/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationErrorAlert } from '../../../../components/ui/FormDialog';
import { useInviteContacts } from '../../api/contacts';

const NOTE_MAX = 1000;

interface InviteContactsDialogProps {
  playerId: number;
  campaignId: number;
  playerName: string;
  /** Who gets the email. */
  contacts: FundraiserContact[];
  /** The contacts were chosen in the grid (otherwise: everyone not invited yet). */
  selected: boolean;
  onClose: () => void;
  onSent: () => void;
}

/** "Invite to donate": an email with the player's page link and an optional personal note. */
export function InviteContactsDialog({
  playerId,
  campaignId,
  playerName,
  contacts,
  selected,
  onClose,
  onSent,
}: InviteContactsDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const invite = useInviteContacts(playerId, campaignId);
  const [note, setNote] = useState('');
  const [result, setResult] = useState<InviteContactsResult | null>(null);

  const send = () =>
    invite.mutate(
      { contactIds: contacts.map((c) => c.id), ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (res) => {
          setResult(res.data);
          onSent();
        },
      },
    );

  const names = contacts.slice(0, 5).map((c) => c.name);
  const rest = contacts.length - names.length;

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="invite-contacts-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      data-testid="invite-contacts-dialog"
    >
      <DialogTitle id="invite-contacts-title">{t('fundraisers.invite.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <MutationErrorAlert mutation={invite} testId="invite-contacts-error" />
          {result ? (
            <InviteResult result={result} />
          ) : (
            <>
              <Typography>
                {t(selected ? 'fundraisers.invite.toSelected' : 'fundraisers.invite.toUninvited', {
                  count: contacts.length,
                  name: playerName,
                })}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="invite-contacts-names">
                {names.join(', ')}
                {rest > 0 ? ` ${t('fundraisers.invite.andMore', { count: rest })}` : ''}
              </Typography>
              <TextField
                label={t('fundraisers.invite.note')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                multiline
                minRows={3}
                fullWidth
                helperText={t('fundraisers.invite.noteHint', { n: note.length, max: NOTE_MAX })}
                slotProps={{ htmlInput: { maxLength: NOTE_MAX, 'data-testid': 'invite-note' } }}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={onClose} data-testid="invite-contacts-close">
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              variant="contained"
              onClick={send}
              disabled={invite.isPending || contacts.length === 0}
              data-testid="invite-contacts-send"
            >
              {t('fundraisers.invite.send', { count: contacts.length })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Sent and skipped, and why each skipped contact was not emailed. */
function InviteResult({ result }: { result: InviteContactsResult }) {
  const { t } = useTranslation();
  const by = (outcome: InviteContactsResult['results'][number]['outcome']) =>
    result.results.filter((r) => r.outcome === outcome).length;
  const reasons = [
    { key: 'recently_invited', n: by('recently_invited') },
    { key: 'not_found', n: by('not_found') },
    { key: 'failed', n: by('failed') },
  ].filter((r) => r.n > 0);
  return (
    <Alert severity={result.sent > 0 ? 'success' : 'warning'} data-testid="invite-contacts-result">
      <span data-testid="invite-sent">{t('fundraisers.invite.sent', { count: result.sent })}</span>
      {result.skipped > 0 ? (
        <>
          {' '}
          <span data-testid="invite-skipped">{t('fundraisers.invite.skipped', { count: result.skipped })}</span>
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {reasons.map((r) => (
              <li key={r.key}>
                {t(`fundraisers.invite.outcome.${r.key}`, { count: r.n, hours: CONTACT_REINVITE_HOURS })}
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </Alert>
  );
}
