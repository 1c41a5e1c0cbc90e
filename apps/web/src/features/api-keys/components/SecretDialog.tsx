import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/ToastProvider';

/**
 * The new key's secret, shown this once: a warning, the key in a read-only field, a copy button.
 * A stray click outside does not close it (the secret would be lost); Escape and "I have copied it" do.
 */
export function SecretDialog({ label, secret, onClose }: { label: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      toast.success(t('apiKeys.secret.copied'));
    } catch {
      input.current?.select();
      toast.error(t('apiKeys.secret.copyFailed'));
    }
  };

  return (
    <Dialog
      open
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby="api-key-secret-title"
      aria-describedby="api-key-secret-warning"
      fullWidth
      maxWidth="sm"
      data-testid="api-key-secret-dialog"
    >
      <DialogTitle id="api-key-secret-title">{t('apiKeys.secret.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning" id="api-key-secret-warning">
            {t('apiKeys.secret.warning')}
          </Alert>
          <TextField
            label={`${t('apiKeys.secret.field')} — ${label}`}
            value={secret}
            fullWidth
            inputRef={input}
            onFocus={(e) => e.target.select()}
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': 'api-key-secret',
                spellCheck: false,
                style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 },
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('apiKeys.secret.copy')}>
                      <IconButton
                        onClick={() => void copy()}
                        aria-label={t('apiKeys.secret.copy')}
                        edge="end"
                        data-testid="api-key-copy"
                      >
                        <ContentCopyIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="api-key-secret-done">
          {t('apiKeys.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
