import type { ConfirmResult, DonationCheckout, FieldError, PaymentProviderKind } from '@fc/contracts';
import { Skeleton, Stack } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api/errors';
import { PaymentMessageArea } from './PaymentMessageArea';
import { serverPage, thankYouPath } from './paths';
import { failureMessage, type PaymentMessage, resultMessage } from './paymentResult';
import { SandboxCardForm } from './SandboxCardForm';

// Stripe's SDKs load in their own chunk, only when the provider is Stripe.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

/** How long "Payment succeeded!" stays on screen before the thank-you page opens. */
const THANK_YOU_DELAY_MS = 700;

export interface PaymentFormProps {
  donationId: string;
  totalCents: number;
  clientSecret: string | null;
  publishableKey: string | null;
  /**
   * Runs before each confirmation and answers the donation to pay (the cart resumes its donation
   * with the chosen amount first). Throws when the attempt should stop.
   */
  prepare?: (() => Promise<DonationCheckout>) | undefined;
  /** The page's own fields (the cart's amount): false stops the attempt, their errors shown. */
  canPay?: (() => boolean) | undefined;
  onAttempt: () => void;
  onResult: (result: Pick<ConfirmResult, 'result' | 'message'>, donationId: string) => void;
  /** Shows the failure and answers the server's field errors for the form to place. */
  onFailure: (error: unknown) => FieldError[];
  onMessage: (message: PaymentMessage) => void;
  /** Paid (or processing): the form stays, disabled, until the thank-you page opens. */
  done: boolean;
}

interface PaymentPanelProps {
  provider: PaymentProviderKind;
  donationId: string;
  totalCents: number;
  clientSecret: string | null;
  publishableKey: string | null;
  prepare?: () => Promise<DonationCheckout>;
  canPay?: () => boolean;
}

/**
 * The card step shared by the checkout and the abandoned cart: the sandbox card form or Stripe's
 * Payment Element, and the message area (spec §4 results, §8 errors). Succeeded or processing
 * opens /donations/{id}/thank-you; a decline keeps the form for another card on the same donation.
 */
export function PaymentPanel({
  provider,
  donationId,
  totalCents,
  clientSecret,
  publishableKey,
  prepare,
  canPay,
}: PaymentPanelProps) {
  const { t, i18n } = useTranslation();
  const [message, setMessage] = useState<PaymentMessage | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const props: PaymentFormProps = {
    donationId,
    totalCents,
    clientSecret,
    publishableKey,
    prepare,
    canPay,
    done,
    onAttempt: () => setMessage(null),
    onMessage: setMessage,
    onResult: (res, id) => {
      setMessage(resultMessage(t, res.result, res.message));
      if (res.result === 'succeeded' || res.result === 'processing') {
        setDone(true);
        // The thank-you page is rendered by the server: a full page load, not the SPA's router.
        timer.current = setTimeout(
          () => window.location.assign(serverPage(thankYouPath(id), i18n.language)),
          THANK_YOU_DELAY_MS,
        );
      }
    },
    onFailure: (error) => {
      setMessage(failureMessage(t, error));
      return isApiError(error) ? error.fieldErrors : [];
    },
  };

  return (
    <Stack spacing={2}>
      {provider === 'stripe' ? (
        <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
          <StripePaymentForm {...props} />
        </Suspense>
      ) : (
        <SandboxCardForm {...props} />
      )}
      <PaymentMessageArea message={message} />
    </Stack>
  );
}
