import type { ContactMessage } from '@fc/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PHONE_QUERY } from '../../../components/ui/gridLayout';
import { useToast } from '../../../components/ui/ToastProvider';
import { errorMessage } from '../../../lib/api/errors';
import { useSetHandled } from '../api/contact-messages';

interface ContactMessageDialogProps {
  message: ContactMessage | null;
  onClose: () => void;
}

/** One message in full, with a reply link and "mark handled" / "reopen" (each confirmed first). */
export function ContactMessageDialog({ message, onClose }: ContactMessageDialogProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const toast = useToast();
  const phone = useMediaQuery(PHONE_QUERY);
  const setHandled = useSetHandled();
  const [confirming, setConfirming] = useState(false);
  if (!message) return null;
  const handled = Boolean(message.handledAt);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const confirm = () =>
    setHandled.mutate(
      { id: message.id, handled: !handled },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(handled ? t('contact.admin.reopened') : t('contact.admin.markedHandled'));
          onClose();
        },
        onError: (err) => {
          setConfirming(false);
          toast.error(errorMessage(err, t('errors.generic')));
        },
      },
    );

  return (
    <>
      <Dialog
        open
        onClose={onClose}
        fullScreen={phone}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`${id}-title`}
        data-testid="contact-message-dialog"
      >
        <DialogTitle id={`${id}-title`}>{message.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[message.email, message.organization, date(message.createdAt)].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('contact.admin.language', { language: t(`languages.${message.language}`) })}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="contact-message-text">
              {message.message}
            </Typography>
            {message.handledAt ? (
              <Typography variant="body2" color="success.main" data-testid="contact-message-handled">
                {t('contact.admin.handledBy', {
                  name: message.handledBy?.name ?? '—',
                  date: date(message.handledAt),
                })}
              </Typography>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose}>{t('contact.admin.close')}</Button>
          <Button href={`mailto:${encodeURIComponent(message.email)}`} data-testid="contact-message-reply">
            {t('contact.admin.reply')}
          </Button>
          <Button variant="contained" onClick={() => setConfirming(true)} data-testid="contact-message-toggle">
            {handled ? t('contact.admin.reopen') : t('contact.admin.markHandled')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={handled ? t('contact.admin.confirmReopenTitle') : t('contact.admin.confirmHandledTitle')}
        message={
          handled
            ? t('contact.admin.confirmReopenBody', { name: message.name })
            : t('contact.admin.confirmHandledBody', { name: message.name })
        }
        confirmLabel={handled ? t('contact.admin.reopen') : t('contact.admin.markHandled')}
        busy={setHandled.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
