import BuildIcon from '@mui/icons-material/Build';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockIcon from '@mui/icons-material/Lock';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

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

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MiscMessage
      testId="not-found"
      icon={<SearchOffIcon color="primary" sx={iconSx} aria-hidden />}
      title={t('misc.notFoundTitle')}
      body={t('misc.notFoundBody')}
    />
  );
}
