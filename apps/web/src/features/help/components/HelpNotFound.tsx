import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function HelpNotFound() {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 6, textAlign: 'center' }} data-testid="help-not-found">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('help.notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('help.notFound.body')}
      </Typography>
      <Button component={RouterLink} to="/help/university" variant="contained">
        {t('help.notFound.back')}
      </Button>
    </Box>
  );
}
