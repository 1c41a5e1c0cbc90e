import type { DonationDetail } from '@fc/contracts';
import { Alert, Button, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMoney } from '../shared/format';

/** The gift just recorded: amount, donor, campaign and a link to its page (receipt number). */
export function CreatedAlert({ created, onClose }: { created: DonationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Alert
      severity="success"
      sx={{ mb: 3 }}
      onClose={onClose}
      data-testid="dataentry-created"
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={`/donations/view/${created.id}`}
          data-testid="dataentry-created-link"
        >
          {t('donations.dataEntry.view')}
        </Button>
      }
    >
      {t('donations.dataEntry.createdLine', {
        amount: money(created.amountCents),
        name: created.donorName,
        campaign: created.campaignTitle,
      })}{' '}
      <Link component={RouterLink} to={`/donations/view/${created.id}`} color="inherit">
        {created.receiptNumber ?? `#${created.id}`}
      </Link>
    </Alert>
  );
}
