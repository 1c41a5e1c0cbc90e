import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Features that arrive with later issues; each has a translated name under `features.<id>`. */
export const FEATURES = ['generic', 'band', 'apiKeys', 'university'] as const;
export type Feature = (typeof FEATURES)[number];

export function ComingSoonPage({ feature }: { feature: Feature }) {
  const { t } = useTranslation();
  const name = t(`features.${feature}`);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }} data-testid="coming-soon">
      <Paper sx={{ p: 5, maxWidth: 560, textAlign: 'center' }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
          {t('comingSoon.title', { feature: name })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('comingSoon.body', { feature: name })}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 4 }}>
          {t('common.backHome')}
        </Button>
      </Paper>
    </Box>
  );
}
