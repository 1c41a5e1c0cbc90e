import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A donation or donor that does not exist or is outside the caller's access (the API's 404). */
export function NotFoundCard({ kind }: { kind: 'donation' | 'donor' }) {
  const { t } = useTranslation();
  return (
    <Card data-testid={`${kind}-not-found`}>
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
          {t(`donations.notFound.${kind}`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {t('donations.notFound.body')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/donations/list">
          {t('donations.backToList')}
        </Button>
      </CardContent>
    </Card>
  );
}
