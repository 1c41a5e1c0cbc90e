import FavoriteIcon from '@mui/icons-material/Favorite';
import { Alert, Button, Card, CardContent, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ProgressSummary } from './ProgressSummary';

interface DonateCardProps {
  raisedCents: number;
  goalCents: number;
  donors: number;
  acceptingDonations: boolean;
  donatePath: string;
}

/** Progress to the goal and the Donate button (or why gifts are not taken now). */
export function DonateCard({ raisedCents, goalCents, donors, acceptingDonations, donatePath }: DonateCardProps) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-label={t('public.progress.section')}>
      <CardContent>
        <Stack spacing={2}>
          <ProgressSummary raisedCents={raisedCents} goalCents={goalCents} donors={donors} />
          {acceptingDonations ? (
            <Button
              component={RouterLink}
              to={donatePath}
              // The checkout is a server-rendered page (apps/site), not a route of this app.
              reloadDocument
              variant="contained"
              size="large"
              startIcon={<FavoriteIcon />}
              data-testid="donate-button"
            >
              {t('public.donate.button')}
            </Button>
          ) : (
            <Alert severity="info" data-testid="not-accepting">
              {t('public.donate.closed')}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
