/**
 * The card messages the payment provider gives (Stripe's English wording, which the sandbox
 * copies), in the UI language: the checkout shows them to the donor, the donation page to staff.
 * Anything else is shown as the provider wrote it. The card messages are in the core part
 * (public.json), the intent statuses with the console's donations strings.
 */
import type { TFunction } from 'i18next';

const PROVIDER_MESSAGES: Record<string, string> = {
  'Your card was declined.': 'public.payment.provider.declined',
  'Your card has insufficient funds.': 'public.payment.provider.insufficientFunds',
  'Your card has expired.': 'public.payment.provider.expired',
  "Your card's security code is incorrect.": 'public.payment.provider.incorrectCvc',
  'Your card number is incorrect.': 'public.payment.provider.incorrectNumber',
  'An error occurred while processing your card. Try again in a little bit.': 'public.payment.provider.processingError',
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.':
    'public.payment.provider.testOnly',
};

export function providerMessage(t: TFunction, message: string | null | undefined): string | null {
  if (!message) return null;
  const key = PROVIDER_MESSAGES[message.trim()];
  return key ? t(key) : message;
}

/** Stripe's PaymentIntent statuses; an unknown one is shown as the provider wrote it. */
const INTENT_STATUSES = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

/** The payment intent's status at the processor ("succeeded") in the UI language. */
export function intentStatusText(t: TFunction, status: string | null | undefined): string | null {
  if (!status) return null;
  return INTENT_STATUSES.has(status) ? t(`donations.intentStatus.${status}`) : status;
}
