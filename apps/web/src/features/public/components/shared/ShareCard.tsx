import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  InputLabel,
  OutlinedInput,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Renders `url` as an SVG QR code; the encoder loads only when a page shows one. */
function useQrSvg(url: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((out) => {
        if (live) setSvg(out);
      })
      .catch(() => {
        // No QR code is not an error for the visitor: the link above still works.
      });
    return () => {
      live = false;
    };
  }, [url]);
  return svg;
}

/** The page's address to copy and a QR code to scan (posters, phones at the field). */
export function ShareCard({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const svg = useQrSvg(url);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Clipboard refused (permissions, old browser): select the text so Ctrl+C works.
      input.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };

  return (
    <Card component="section" aria-labelledby="share-title">
      <CardContent>
        <Typography id="share-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('public.share.title')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {/* OutlinedInput rather than TextField: TextField brings the Select code to every public page. */}
          <FormControl size="small" fullWidth>
            <InputLabel htmlFor="share-url">{t('public.share.link')}</InputLabel>
            <OutlinedInput
              id="share-url"
              inputRef={input}
              value={url}
              label={t('public.share.link')}
              readOnly
              inputProps={{ 'data-testid': 'share-url' }}
              onFocus={(e) => e.target.select()}
            />
          </FormControl>
          <Button
            variant="outlined"
            onClick={copy}
            startIcon={<ContentCopyIcon />}
            sx={{ flexShrink: 0, minHeight: 40 }}
            data-testid="share-copy"
          >
            {copied ? t('public.share.copied') : t('public.share.copy')}
          </Button>
        </Stack>
        <Box role="status" aria-live="polite" sx={{ minHeight: 0 }}>
          {copied ? (
            <Typography variant="body2" color="success.main" sx={{ mt: 1 }}>
              {t('public.share.copiedLong')}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
          {svg ? (
            <Box
              component="img"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
              alt={t('public.share.qrAlt', { title })}
              sx={{ width: 168, height: 168, bgcolor: '#fff', p: 1, borderRadius: 1 }}
              data-testid="share-qr"
            />
          ) : (
            <Skeleton variant="rectangular" width={168} height={168} />
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, textAlign: 'center' }}>
          {t('public.share.qrHint')}
        </Typography>
      </CardContent>
    </Card>
  );
}
