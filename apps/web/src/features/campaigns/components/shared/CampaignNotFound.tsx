import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A campaign that does not exist or is outside the caller's access (the API answers 404 for both). */
export function CampaignNotFound() {
  const { t } = useTranslation();
  return (
    <Card data-testid="campaign-not-found">
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t('campaigns.notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('campaigns.notFound.body')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/campaigns/list">
          {t('campaigns.notFound.back')}
        </Button>
      </CardContent>
    </Card>
  );
}
