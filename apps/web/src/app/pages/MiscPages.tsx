import BuildIcon from '@mui/icons-material/Build';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockIcon from '@mui/icons-material/Lock';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Paper, Typography } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

export function MiscMessage({
  icon,
  title,
  body,
  testId,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '80vh', p: 2 }}
      data-testid={testId}
    >
      <Paper sx={{ p: 5, maxWidth: 520, textAlign: 'center' }}>
        {icon}
        <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {body}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 4 }} data-testid="back-home">
          {t('common.backHome')}
        </Button>
      </Paper>
    </Box>
  );
}

const iconSx = { fontSize: 56 } as const;

export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <MiscMessage
      testId="not-authorized"
      icon={<LockIcon color="error" sx={iconSx} aria-hidden />}
      title={t('misc.notAuthorizedTitle')}
      body={t('misc.notAuthorizedBody')}
    />
  );
}

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <MiscMessage
      testId="maintenance"
      icon={<BuildIcon color="primary" sx={iconSx} aria-hidden />}
      title={t('misc.maintenanceTitle')}
      body={t('misc.maintenanceBody')}
    />
  );
}

export function MiscErrorPage() {
  const { t } = useTranslation();
  return (
    <MiscMessage
      testId="error-page"
      icon={<ErrorOutlineIcon color="error" sx={iconSx} aria-hidden />}
      title={t('misc.errorTitle')}
      body={t('misc.errorBody')}
    />
  );
}

/** Loads the address from the server (a full page load): the page may be one the server renders. */
export const loadFromServer = () => window.location.reload();

/**
 * An address the console does not know. Reached by a link inside the app, it may be a page the
 * server renders (a campaign, player or organization page, decision 017): the address is then
 * loaded from the server once. Opened directly, the server already answered it, with this
 * shell: the page says it was not found.
 */
export function NotFoundPage({ reload = loadFromServer }: { reload?: () => void }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const inApp = key !== 'default';
  useEffect(() => {
    if (inApp) reload();
  }, [inApp, reload]);
  if (inApp) return null;
  return (
    <MiscMessage
      testId="not-found"
      icon={<SearchOffIcon color="primary" sx={iconSx} aria-hidden />}
      title={t('misc.notFoundTitle')}
      body={t('misc.notFoundBody')}
    />
  );
}
