import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PublicMessage } from './shared/PageStates';
import { useDocumentTitle } from './shared/useDocumentTitle';

/** `/cart/notfound`: where an abandoned-cart link the server refuses leads (spec §8). */
export function CartNotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('public.cart.notFoundTitle'));
  return (
    <PublicMessage
      testId="cart-not-found"
      title={t('public.cart.notFoundTitle')}
      body={t('public.cart.notFoundBody')}
      action={
        <Button component={RouterLink} to="/" variant="contained" data-testid="cart-not-found-home">
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
