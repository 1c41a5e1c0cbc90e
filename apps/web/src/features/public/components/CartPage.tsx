import {
  type AbandonedCart,
  centsToInput,
  coverFeeCents,
  DEFAULT_CART_AMOUNT_CENTS,
  type DonationCheckout,
  isResumableStatus,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  parseMoney,
} from '@fc/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FavoriteIcon from '@mui/icons-material/Favorite';
import { Alert, Avatar, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../../lib/api/errors';
import { bodyField } from '../../../lib/api/forms';
import { resumeCart, useAbandonedCart } from '../api/abandoned-cart';
import { publicKeys } from '../api/keys';
import { isGone } from '../api/retry';
import { formatUsd } from '../format';
import { AmountFields } from './checkout/AmountFields';
import { ConsentText } from './checkout/ConsentText';
import { Fact, Facts } from './checkout/Fact';
import { PaymentPanel } from './checkout/PaymentPanel';
import { donatePath, pagePath, serverPage } from './checkout/paths';
import { contractFieldMessage, failureMessage } from './checkout/paymentResult';
import { amountProblem } from './checkout/validate';
import { LoadFailure, PageSkeleton } from './shared/PageStates';
import { PublicShell } from './shared/PublicShell';
import { useDocumentTitle } from './shared/useDocumentTitle';

/** An answer from the server (an error envelope) rather than a network failure or an outage. */
const isRefusal = (error: unknown) =>
  isApiError(error) && error.status !== 0 && error.status < 500 && error.status !== 429;

/**
 * `/donations/{donation_id}/cart`, the abandoned cart (spec §2): a completed donation thanks the
 * donor; a pending or failed one can be paid, on the same payment intent; a refunded or cancelled
 * one shows its state, never a payment form. A cart the server refuses goes to /cart/notfound (§8),
 * which says so when the attempt is gone (410: its details were removed after the retention period).
 */
export function CartPage() {
  const { t, i18n } = useTranslation();
  const donationId = useParams().donation_id ?? '';
  const query = useAbandonedCart(donationId);
  const refused = query.isError && isRefusal(query.error);
  // An unpaid attempt removed after the retention period: the page says so rather than "not found".
  const expired = refused && isGone(query.error);
  useDocumentTitle(t('public.cart.docTitle'));
  useEffect(() => {
    // /cart/notfound is rendered by the server: a full page load, not the SPA's router.
    if (refused) window.location.replace(serverPage(`/cart/notfound${expired ? '?expired=1' : ''}`, i18n.language));
  }, [refused, expired, i18n.language]);
  if (query.isPending || refused) return <PageSkeleton />;
  if (query.isError || !query.data)
    return <LoadFailure error={query.error} onRetry={() => query.refetch()} kind="donation" />;
  return <Cart cart={query.data.data} />;
}

function Cart({ cart }: { cart: AbandonedCart }) {
  const { t, i18n } = useTranslation();
  const usd = (cents: number) => formatUsd(cents, i18n.language);
  const name = cart.fundraiser?.name ?? cart.campaign.title;
  const resumable = isResumableStatus(cart.status);
  const total = cart.donationAmount + cart.coverFeeAmount;

  let title: string;
  let intro: ReactNode;
  if (cart.status === 1) {
    title = t('public.cart.thanksTitle');
    intro = t('public.cart.thanksBody', { name });
  } else if (resumable) {
    title = t('public.cart.continueTitle');
    intro = t('public.cart.continueBody', { firstName: cart.donorFirstName, name });
  } else {
    title = cart.status === 3 ? t('public.thankYou.refunded') : t('public.thankYou.cancelled');
    intro = t('public.thankYou.closedBody', { organization: cart.organization.name });
  }

  return (
    <PublicShell brand={cart.organization.name} logoUrl={cart.organization.logoUrl} narrow>
      <Card sx={{ mt: { xs: 1, md: 4 } }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Avatar
                src={cart.organization.logoUrl ?? undefined}
                alt=""
                variant="rounded"
                sx={{ width: { xs: 44, sm: 56 }, height: { xs: 44, sm: 56 }, bgcolor: 'primary.main' }}
              >
                {cart.organization.name.charAt(0).toUpperCase()}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  variant="h5"
                  component="h1"
                  sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                  data-testid="cart-title"
                >
                  {title}
                </Typography>
                <Typography color="text.secondary">{intro}</Typography>
              </Box>
            </Stack>

            <Facts testId="cart-context">
              <Fact label={t('public.thankYou.campaign')}>{cart.campaign.title}</Fact>
              <Fact label={t('fields.organization')}>{cart.organization.name}</Fact>
              {cart.fundraiser ? <Fact label={t('public.thankYou.player')}>{cart.fundraiser.name}</Fact> : null}
              {cart.feeLabel ? <Fact label={t('public.cart.fee')}>{cart.feeLabel}</Fact> : null}
              {!resumable || cart.donationAmount > 0 ? (
                <Fact label={resumable ? t('public.cart.previousAmount') : t('public.checkout.gift')}>
                  <span data-testid="cart-amount">{usd(cart.donationAmount)}</span>
                  {cart.coverFeeAmount > 0 && !resumable
                    ? ` ${t('public.cart.plusFee', { fee: usd(cart.coverFeeAmount), total: usd(total) })}`
                    : ''}
                </Fact>
              ) : null}
            </Facts>

            {cart.status === 1 ? (
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Alert icon={<CheckCircleIcon />} severity="success" sx={{ width: '100%' }}>
                  {t('public.cart.thanksNote')}
                </Alert>
                <Button
                  component={RouterLink}
                  to={donatePath(cart.campaign.slug, cart.fundraiser?.slug)}
                  variant="contained"
                  size="large"
                  startIcon={<FavoriteIcon />}
                  data-testid="cart-donate-again"
                >
                  {t('public.checkout.submit')}
                </Button>
              </Stack>
            ) : resumable ? (
              <ResumeForm cart={cart} />
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <Box sx={{ mt: 2 }}>
        <Button
          component={RouterLink}
          to={pagePath(cart.campaign.slug, cart.fundraiser?.slug)}
          reloadDocument
          startIcon={<ArrowBackIcon />}
          data-testid="cart-back"
        >
          {t('public.donate.back', { name })}
        </Button>
      </Box>
    </PublicShell>
  );
}

/** The client secret the cart carries (`paymentStatus` is a JSON string holding `client_secret`). */
function secretOf(paymentStatus: string | null): string | null {
  if (!paymentStatus) return null;
  try {
    const parsed: unknown = JSON.parse(paymentStatus);
    const secret = (parsed as { client_secret?: unknown } | null)?.client_secret;
    return typeof secret === 'string' && secret ? secret : null;
  } catch {
    return null;
  }
}

/** Amount, fee choice and the card for a pending or failed donation (same payment intent). */
function ResumeForm({ cart }: { cart: AbandonedCart }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const isFee = cart.feeLabel !== null;
  const [amountText, setAmountText] = useState(() =>
    centsToInput(cart.donationAmount > 0 ? cart.donationAmount : DEFAULT_CART_AMOUNT_CENTS, i18n.language),
  );
  const [coverFee, setCoverFee] = useState(cart.coverFeeAmount > 0);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [secret, setSecret] = useState(() => secretOf(cart.paymentStatus));
  const [secretFailed, setSecretFailed] = useState<unknown>(null);
  const amount = parseMoney(amountText, i18n.language);
  const amountCents = amount.ok ? amount.cents : null;
  const limits = { minCents: MIN_DONATION_CENTS, maxCents: MAX_DONATION_CENTS };
  const extra = amountCents !== null && amountCents > 0 && coverFee ? coverFeeCents(amountCents, cart.fee) : 0;
  const totalCents = (amountCents ?? 0) + extra;

  // Stripe's Payment Element needs the intent's client secret before it can show: resume once.
  const asked = useRef(false);
  useEffect(() => {
    if (cart.provider !== 'stripe' || secret || asked.current) return;
    asked.current = true;
    resumeCart(cart.id, {})
      .then((r) => setSecret(r.data.clientSecret))
      .catch((err: unknown) => setSecretFailed(err));
  }, [cart.provider, cart.id, secret]);

  const canPay = () => {
    const problem = isFee ? null : amountProblem(t, i18n.language, amount, limits);
    setAmountError(problem);
    if (problem) document.getElementById('donate-amount')?.focus();
    return problem === null;
  };

  const prepare = async (): Promise<DonationCheckout> => {
    try {
      // A fee's amount is the fee request's: only the fee choice can change.
      const res = await resumeCart(cart.id, isFee ? { coverFee } : { amountCents: amountCents ?? undefined, coverFee });
      if (res.data.clientSecret && res.data.clientSecret !== secret && cart.provider === 'stripe') {
        setSecret(res.data.clientSecret);
      }
      return res.data;
    } catch (err) {
      if (isApiError(err)) {
        const fe = err.fieldErrors.find((f) => bodyField(f.path) === 'amountCents');
        if (fe) setAmountError(contractFieldMessage(t, fe.message, i18n.language));
        // Paid, refunded or cancelled meanwhile: show the cart as it is now.
        if (err.status === 409) void queryClient.invalidateQueries({ queryKey: publicKeys.cart(cart.id) });
      }
      throw err;
    }
  };

  return (
    <Stack spacing={2.5}>
      {cart.status === 2 ? (
        <Alert severity="warning" data-testid="cart-failed-before">
          {t('public.cart.failedBefore')}
        </Alert>
      ) : null}
      <AmountFields
        amountText={amountText}
        onAmountText={(text) => {
          setAmountText(text);
          setAmountError(null);
        }}
        amountCents={amountCents}
        amountError={amountError}
        coverFee={coverFee}
        onCoverFee={setCoverFee}
        fee={cart.fee}
        organization={cart.organization.name}
        fixed={isFee}
        giftLabel={cart.feeLabel ?? undefined}
        label={isFee ? t('public.checkout.amountDue') : t('public.cart.amount')}
      />
      <Typography variant="h6" component="h2">
        {t('public.checkout.payTitle')}
      </Typography>
      {cart.provider === 'stripe' && !secret ? (
        secretFailed ? (
          <Alert severity="error">{failureMessage(t, secretFailed).text}</Alert>
        ) : (
          <Skeleton variant="rounded" height={220} />
        )
      ) : (
        <PaymentPanel
          provider={cart.provider}
          donationId={cart.id}
          totalCents={totalCents}
          clientSecret={secret}
          publishableKey={cart.publishableKey}
          prepare={prepare}
          canPay={canPay}
        />
      )}
      <ConsentText />
    </Stack>
  );
}
