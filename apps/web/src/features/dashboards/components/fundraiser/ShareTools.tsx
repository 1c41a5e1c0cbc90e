import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShareIcon from '@mui/icons-material/IosShare';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useToast } from '../../../../components/ui/ToastProvider';

/** The player's public page, absolute (for sharing). */
export const publicPageUrl = (slug: string) => `${window.location.origin}/fundraisers/${slug}`;

/** Copy the player's public page address, share it (where the device can) or open it. */
export function ShareTools({ slug, player }: { slug: string; player: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const url = publicPageUrl(slug);
  const copy = async () => {
    try {
      if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast.success(t('dashboards.fundraiser.copied'));
    } catch {
      toast.info(t('dashboards.fundraiser.copyManually', { url }));
    }
  };
  const canShare = typeof navigator.share === 'function';
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        aria-label={t('dashboards.fundraiser.copyFor', { player })}
        data-testid={`copy-${slug}`}
      >
        {t('dashboards.fundraiser.copy')}
      </Button>
      {canShare ? (
        <Button
          size="small"
          startIcon={<ShareIcon />}
          onClick={() => void navigator.share({ url, title: player }).catch(() => undefined)}
          aria-label={t('dashboards.fundraiser.shareFor', { player })}
        >
          {t('dashboards.fundraiser.share')}
        </Button>
      ) : null}
      <Button
        size="small"
        startIcon={<OpenInNewIcon />}
        component={RouterLink}
        to={`/fundraisers/${slug}`}
        reloadDocument
        aria-label={t('dashboards.fundraiser.publicFor', { player })}
      >
        {t('dashboards.fundraiser.public')}
      </Button>
    </Stack>
  );
}
