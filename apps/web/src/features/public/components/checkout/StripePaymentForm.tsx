/**
 * Stripe's Payment Element (provider `stripe`). This module is loaded on its own, only when the
 * checkout's provider is Stripe, so the sandbox path never downloads Stripe's SDKs.
 */
import LockIcon from '@mui/icons-material/Lock';
import { Alert, Button, Stack, useTheme } from '@mui/material';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../format';
import type { PaymentFormProps } from './PaymentPanel';
import { serverPage, thankYouPath } from './paths';

/** One Stripe.js per publishable key for the whole visit. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let p = stripes.get(key);
  if (!p) {
    p = loadStripe(key);
    stripes.set(key, p);
  }
  return p;
}

export default function StripePaymentForm(props: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  if (!props.publishableKey || !props.clientSecret) {
    return <Alert severity="error">{t('public.payment.unexpected')}</Alert>;
  }
  return (
    <Elements
      // A new client secret (another donation) needs new Elements.
      key={props.clientSecret}
      stripe={stripeFor(props.publishableKey)}
      options={{
        clientSecret: props.clientSecret,
        locale: (i18n.language.startsWith('es') ? 'es' : 'en') as StripeElementLocale,
        appearance: {
          theme: theme.palette.mode === 'dark' ? 'night' : 'stripe',
          variables: { colorPrimary: theme.palette.primary.main, borderRadius: '8px' },
        },
      }}
    >
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({
  donationId,
  totalCents,
  prepare,
  canPay,
  onAttempt,
  onMessage,
  onFailure,
  done,
}: PaymentFormProps) {
  const { t, i18n } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [ready, setReady] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || pending || done) return;
    if (canPay && !canPay()) return;
    setPending(true);
    onAttempt();
    try {
      // Stripe checks its own fields first (and shows their problems in the element).
      const checked = await elements.submit();
      if (checked.error) return;
      let id = donationId;
      if (prepare) {
        // The cart resumes the same payment intent (maybe with a new amount): Elements re-reads it.
        id = (await prepare()).donationId;
        await elements.fetchUpdates();
      }
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${serverPage(thankYouPath(id), i18n.language)}` },
      });
      // confirmPayment only comes back on an error; success leaves for the return_url.
      if (error.type === 'card_error' || error.type === 'validation_error') {
        onMessage({ tone: 'error', text: error.message ?? t('public.payment.unexpected'), detail: null });
      } else {
        onMessage({ tone: 'error', text: t('public.payment.unexpected'), detail: null });
      }
    } catch (err) {
      onFailure(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label={t('public.card.form')}>
      <PaymentElement onReady={() => setReady(true)} options={{ layout: 'tabs' }} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!stripe || !elements || !ready || pending || done}
        startIcon={<LockIcon />}
        data-testid="card-submit"
      >
        {pending ? t('public.card.paying') : t('public.card.submit', { total: formatUsd(totalCents, i18n.language) })}
      </Button>
    </Stack>
  );
}
