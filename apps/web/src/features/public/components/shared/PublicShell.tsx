import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { Avatar, Box, Button, Container, IconButton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../../../../lib/i18n';
import { usePreferences } from '../../../../lib/prefs/PreferencesProvider';

interface PublicShellProps {
  /** Shown at the top left: the organization (or the product when unknown). */
  brand?: string | undefined;
  logoUrl?: string | null | undefined;
  children: ReactNode;
  /** Narrow column for forms (invitation, registration). */
  narrow?: boolean;
}

/** Frame of the public pages: a light header with language and theme switches, content, footer. */
export function PublicShell({ brand, logoUrl, children, narrow = false }: PublicShellProps) {
  const { t, i18n } = useTranslation();
  const { prefs, update } = usePreferences();
  const dark = prefs.skin === 'dark';
  const themeLabel = dark ? t('navbar.lightMode') : t('navbar.darkMode');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
          {logoUrl ? <Avatar src={logoUrl} alt="" variant="rounded" sx={{ width: 36, height: 36 }} /> : null}
          <Typography
            component="p"
            sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
            noWrap
          >
            {brand ?? t('app.title')}
          </Typography>
          <Stack direction="row" spacing={0.5} role="group" aria-label={t('navbar.language')}>
            {LANGUAGES.map((lng) => (
              <Button
                key={lng}
                size="small"
                lang={lng}
                aria-pressed={i18n.language === lng}
                variant={i18n.language === lng ? 'outlined' : 'text'}
                onClick={() => setLanguage(lng)}
                sx={{ minWidth: 44 }}
                data-testid={`public-lang-${lng}`}
              >
                <span aria-hidden>{lng.toUpperCase()}</span>
                <Box component="span" sx={visuallyHidden}>
                  {t(`languages.${lng}`)}
                </Box>
              </Button>
            ))}
          </Stack>
          {/* A native title, not MUI's Tooltip: one less module for every visitor. */}
          <IconButton
            aria-label={themeLabel}
            title={themeLabel}
            onClick={() => update({ skin: dark ? 'light' : 'dark' })}
            data-testid="public-theme-toggle"
          >
            {dark ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Container>
      </Box>
      <Container maxWidth={narrow ? 'sm' : 'lg'} sx={{ flex: 1, py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
      <Box component="footer" sx={{ py: 3, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary">
          {t('public.footer', { title: t('app.title') })}
        </Typography>
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  p: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
