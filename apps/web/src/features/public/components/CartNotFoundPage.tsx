import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { PublicMessage } from './shared/PageStates';
import { useDocumentTitle } from './shared/useDocumentTitle';

/**
 * `/cart/notfound`: where an abandoned-cart link the server refuses leads (spec §8). An unpaid
 * attempt whose details were removed after the retention period (`state.expired`) says so.
 */
export function CartNotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  // The server-rendered cart sends a removed attempt here with `?expired=1` (rendered.checkout.ts).
  const expired =
    (location.state as { expired?: unknown } | null)?.expired === true ||
    new URLSearchParams(location.search).get('expired') === '1';
  const title = expired ? t('public.cart.expiredTitle') : t('public.cart.notFoundTitle');
  useDocumentTitle(title);
  return (
    <PublicMessage
      testId={expired ? 'cart-expired' : 'cart-not-found'}
      title={title}
      body={expired ? t('public.cart.expiredBody') : t('public.cart.notFoundBody')}
      action={
        <Button component={RouterLink} to="/" variant="contained" data-testid="cart-not-found-home">
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
