/**
 * What the message area says after a payment attempt (spec §4 payment results, §8 payment
 * errors), as translation keys plus the provider's own sentence where the spec shows it.
 */
import { type ConfirmResult, MAX_DONATION_CENTS, MIN_DONATION_CENTS } from '@fc/contracts';
import type { TFunction } from 'i18next';
import { errorMessage, isApiError } from '../../../../lib/api/errors';
import { providerMessage, translateFieldError } from '../../../../lib/i18n/validation';
import { formatUsd } from '../../format';

export type PaymentTone = 'success' | 'info' | 'error';

export interface PaymentMessage {
  tone: PaymentTone;
  /** The spec's sentence for the result, translated. */
  text: string;
  /** The provider's card or validation message (spec §8), in the UI language when known. */
  detail: string | null;
}

/** Spec §4: succeeded, processing, requires_payment_method, anything else. */
export function resultMessage(t: TFunction, result: ConfirmResult['result'] | string, detail?: string | null) {
  const provider = providerMessage(t, detail);
  switch (result) {
    case 'succeeded':
      return { tone: 'success', text: t('public.payment.succeeded'), detail: null } satisfies PaymentMessage;
    case 'processing':
      return { tone: 'info', text: t('public.payment.processing'), detail: null } satisfies PaymentMessage;
    case 'requires_payment_method':
      return { tone: 'error', text: t('public.payment.failed'), detail: provider } satisfies PaymentMessage;
    default:
      return { tone: 'error', text: t('public.payment.wrong'), detail: provider } satisfies PaymentMessage;
  }
}

/**
 * A call that failed (spec §8): a card or validation error (a 4xx with the server's sentence)
 * shows that sentence; anything else (network, 5xx) 'An unexpected error occured.'.
 */
export function failureMessage(t: TFunction, error: unknown): PaymentMessage {
  if (isApiError(error) && error.status === 429)
    return { tone: 'error', text: t('public.payment.tooMany'), detail: null };
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    // The server's sentence (its code's translation in Spanish); a card message in the UI language.
    const text = errorMessage(error, t('public.payment.unexpected'));
    return { tone: 'error', text: providerMessage(t, text) ?? text, detail: null };
  }
  return { tone: 'error', text: t('public.payment.unexpected'), detail: null };
}

/** The contracts' field messages (donation body, sandbox card body), in the UI language. */
export function contractFieldMessage(t: TFunction, message: string, language: string): string {
  if (message === 'Enter the card number') return t('public.card.problems.number');
  if (message === 'Enter a real month') return t('public.card.problems.expiry');
  if (message === 'Enter the 3 or 4 digits on the back') return t('public.card.problems.cvc');
  if (message === 'Keep the message under 500 characters') return t('public.checkout.problems.messageTooLong');
  if (message.startsWith('Give at least'))
    return t('public.checkout.problems.min', { amount: formatUsd(MIN_DONATION_CENTS, language) });
  if (message.startsWith('Give at most'))
    return t('public.checkout.problems.max', { amount: formatUsd(MAX_DONATION_CENTS, language) });
  const known = translateFieldError(t, message) ?? message;
  // Another message is the server's English: in another language, a generic "this value is not valid".
  return known !== message || language.startsWith('en') ? known : t('validation.invalid');
}
