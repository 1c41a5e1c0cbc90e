import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Button,
  Card,
  CardContent,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../../../components/ui/ToastProvider';
import { publicPageUrl } from '../shared/format';

/** Copies with the Clipboard API, or by selecting the field where it is unavailable (plain http). */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: fall back to selecting the text.
  }
  if (!input) return false;
  input.focus();
  input.select();
  return document.execCommand('copy');
}

/** The player's public page address, to copy and share. */
export function ShareCard({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const url = publicPageUrl(slug);

  const copy = async () => {
    if (await copyText(url, input.current)) toast.success(t('fundraisers.share.copied'));
    else toast.info(t('fundraisers.share.copyManually'));
  };

  return (
    <Card data-testid="page-share">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('fundraisers.share.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('fundraisers.share.body')}
        </Typography>
        <TextField
          value={url}
          label={t('fundraisers.share.link')}
          fullWidth
          size="small"
          onFocus={(e) => e.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'share-link' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('fundraisers.share.copy')}>
                    <IconButton
                      aria-label={t('fundraisers.share.copy')}
                      onClick={() => void copy()}
                      edge="end"
                      data-testid="share-copy"
                    >
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
          inputRef={input}
        />
        <Stack direction="row" sx={{ mt: 2 }}>
          <Button
            component={RouterLink}
            to={`/fundraisers/${slug}`}
            reloadDocument
            startIcon={<OpenInNewIcon />}
            data-testid="share-open"
          >
            {t('fundraisers.home.public')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
