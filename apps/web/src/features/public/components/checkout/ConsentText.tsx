import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Terms and privacy consent under the payment (spec §2 abandoned cart; the checkout says it too). */
export function ConsentText() {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" component="p" color="text.secondary" data-testid="payment-consent">
      {t('public.checkout.consent', { title: t('app.title') })}
    </Typography>
  );
}
