import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { type CheckoutTarget, useCheckoutContext } from '../api/get-checkout-context';
import { Checkout } from './checkout/Checkout';
import { LoadFailure, PageSkeleton } from './shared/PageStates';
import { useDocumentTitle } from './shared/useDocumentTitle';

/**
 * `/campaigns/{slug}/donate`, `/fundraisers/{slug}/donate` and `/campaigns/pay_fees/{fee_id}`:
 * the 'FYS Donation Checkout' (spec §2). Details first (amount, fee cover, donor), which creates the
 * donation; then the card step on that donation, as many attempts as the donor needs.
 */
export function DonatePage() {
  const { t } = useTranslation();
  const params = useParams();
  const { user } = useAuth();
  const target: CheckoutTarget = params.fee_id
    ? { feeRequest: params.fee_id }
    : params.fundraiser_slug
      ? { fundraiser: params.fundraiser_slug }
      : { campaign: params.campaign_slug ?? '' };
  const query = useCheckoutContext(target, user?.id ?? null);
  useDocumentTitle(t('public.checkout.pageTitle'));
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !query.data) {
    const kind = 'feeRequest' in target ? 'fee' : 'fundraiser' in target ? 'player' : 'campaign';
    return <LoadFailure error={query.error} onRetry={() => query.refetch()} kind={kind} />;
  }
  const ctx = query.data.data;
  // A new checkout (another campaign, player or fee) starts from a fresh form.
  return (
    <Checkout
      key={`${ctx.kind}:${ctx.campaign.slug}:${ctx.fundraiser?.slug ?? ''}:${ctx.feeRequest?.id ?? ''}`}
      context={ctx}
    />
  );
}
