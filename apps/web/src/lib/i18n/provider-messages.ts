/**
 * The card messages the payment provider gives (Stripe's English wording, which the sandbox
 * copies), in the UI language: the checkout shows them to the donor, the donation page to staff.
 * Anything else is shown as the provider wrote it. The strings are in the core part (public.json).
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
