import { API_KEY_PREFIX } from '@fc/contracts';
import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** How to call the API with a key: the header, an example, the rules and the reference. */
export function HowToUse() {
  const { t } = useTranslation();
  const example = `curl -H "Authorization: Bearer ${API_KEY_PREFIX}…" ${window.location.origin}/api/v1/user/me`;
  return (
    <Card component="section" aria-labelledby="api-keys-howto-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="api-keys-howto-title" sx={{ mb: 1 }}>
          {t('apiKeys.howTo.title')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('apiKeys.howTo.intro')}</Typography>
        <Box
          component="pre"
          tabIndex={0}
          data-testid="api-key-howto-example"
          sx={{
            p: 1.5,
            m: 0,
            mb: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            overflowX: 'auto',
            fontSize: 13,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          }}
        >
          <code>{example}</code>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('apiKeys.howTo.rules')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('apiKeys.howTo.throttle')}
        </Typography>
        <Link href="/api/docs" target="_blank" rel="noopener">
          {t('apiKeys.howTo.docs')}
        </Link>
      </CardContent>
    </Card>
  );
}
