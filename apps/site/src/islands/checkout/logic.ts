/**
 * The checkout's rules, as the SPA's validate.ts, card.ts and paymentResult.ts had them: the
 * amount and donor checks (the contracts' rules, no zod), the sandbox card's text, and what the
 * message area says after an attempt (spec §4 results, §8 errors). The server checks everything again.
 */
import { MAX_DONATION_CENTS, MIN_DONATION_CENTS, PROVIDER_MESSAGE_KEYS } from '@fc/contracts/donation-rules';
import { formatMoney } from '@fc/contracts/money';
import type { MoneyParseResult } from '@fc/contracts/money-parse';
import { isEmail, isPersonName, PERSON_NAME_MAX } from '@fc/contracts/person-rules';
import { isApiFailure } from './api';
import type { Say, Strings } from './strings';
import type { CreateDonationBody } from './types';

export const MESSAGE_MAX = 500;
/** The public pages' money: whole dollars without cents ("$25", "25 US$"). */
export const usd = (cents: number, lang: string) => formatMoney(cents, lang, { whole: true });

export interface AmountLimits {
  minCents: number;
  maxCents: number;
}

/** Nothing typed, not an amount (why, from the money module), under the minimum or over the maximum. */
export function amountProblem(say: Say, lang: string, amount: MoneyParseResult, limits: AmountLimits): string | null {
  if (!amount.ok) return say(`checkout.form.money.${amount.error}`);
  if (amount.cents < limits.minCents) return say('checkout.problems.min', { amount: usd(limits.minCents, lang) });
  if (amount.cents > limits.maxCents) return say('checkout.problems.max', { amount: usd(limits.maxCents, lang) });
  return null;
}

export interface DonorValues {
  firstName: string;
  lastName: string;
  email: string;
  anonymous: boolean;
  message: string;
}
export type DonorErrors = Partial<Record<keyof DonorValues, string>>;

export function donorProblems(say: Say, v: DonorValues): DonorErrors {
  const errors: DonorErrors = {};
  for (const key of ['firstName', 'lastName'] as const)
    if (!isPersonName(v[key]))
      errors[key] = v[key].trim()
        ? say('checkout.form.maxLength', { max: PERSON_NAME_MAX })
        : say('checkout.form.required');
  const email = v.email.trim();
  if (!isEmail(email)) errors.email = email ? say('checkout.form.emailInvalid') : say('checkout.form.required');
  if (v.message.trim().length > MESSAGE_MAX) errors.message = say('checkout.problems.messageTooLong');
  return errors;
}

/** Same donor, player and message: a changed amount can update the same donation. */
export const sameDonor = (a: CreateDonationBody, b: CreateDonationBody) =>
  a.firstName === b.firstName &&
  a.lastName === b.lastName &&
  a.email === b.email &&
  a.anonymous === b.anonymous &&
  a.message === b.message &&
  a.forPlayer === b.forPlayer;

/** `body.amountCents` → `amountCents`. */
export const bodyField = (path: string) => path.replace(/^body\./, '').split('.')[0] ?? '';

// ------------------------------------------------------------------ sandbox card

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1", "12", "123" → "1", "12/", "12/3": the slash comes by itself, and goes with a backspace. */
export function formatExpiry(text: string, previous: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (text.length < previous.length && previous.endsWith('/') && !text.includes('/')) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length >= 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardProblem = 'number' | 'expiry' | 'expired' | 'cvc';
export interface CardParts {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The body of the confirm call, or the problems to fix first. */
export function readCard(
  number: string,
  expiry: string,
  cvc: string,
  now = new Date(),
): { ok: true; card: CardParts } | { ok: false; problems: Partial<Record<CardField, CardProblem>> } {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) problems.number = 'number';
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  let expMonth = 0;
  let expYear = 0;
  if (!m) problems.expiry = 'expiry';
  else {
    expMonth = Number(m[1]);
    const y = m[2] ?? '';
    expYear = y.length === 2 ? 2000 + Number(y) : Number(y);
    if (expMonth < 1 || expMonth > 12) problems.expiry = 'expiry';
    else if (expYear * 12 + expMonth < now.getFullYear() * 12 + now.getMonth() + 1) problems.expiry = 'expired';
  }
  if (!/^\d{3,4}$/.test(cvc.trim())) problems.cvc = 'cvc';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, card: { cardNumber: digits, expMonth, expYear, cvc: cvc.trim() } };
}

// ------------------------------------------------------------------ results and errors

export type PaymentTone = 'success' | 'info' | 'error';
export interface PaymentMessage {
  tone: PaymentTone;
  text: string;
  /** The provider's card or validation message (spec §8), in the page language when known. */
  detail: string | null;
}

export function providerMessage(say: Say, message: string | null | undefined): string | null {
  if (!message) return null;
  const key = PROVIDER_MESSAGE_KEYS[message.trim()];
  return key ? say(`payment.provider.${key}`) : message;
}

/** Spec §4: succeeded, processing, requires_payment_method, anything else. */
export function resultMessage(say: Say, result: string, detail?: string | null): PaymentMessage {
  if (result === 'succeeded') return { tone: 'success', text: say('payment.succeeded'), detail: null };
  if (result === 'processing') return { tone: 'info', text: say('payment.processing'), detail: null };
  const provider = providerMessage(say, detail);
  if (result === 'requires_payment_method') return { tone: 'error', text: say('payment.failed'), detail: provider };
  return { tone: 'error', text: say('payment.wrong'), detail: provider };
}

/**
 * A call that failed (spec §8): a 4xx shows the server's sentence (its code's translation
 * outside English, a card sentence in the page language); anything else the unexpected error.
 */
export function failureMessage(say: Say, codes: Strings, lang: string, error: unknown): PaymentMessage {
  const unexpected = { tone: 'error', text: say('payment.unexpected'), detail: null } as const;
  if (!isApiFailure(error)) return unexpected;
  if (error.status === 429) return { tone: 'error', text: say('payment.tooMany'), detail: null };
  if (error.status >= 400 && error.status < 500) {
    const translated = lang !== 'en' && error.code ? codes[error.code] : undefined;
    const text = translated ?? (error.message || say('payment.unexpected'));
    return { tone: 'error', text: providerMessage(say, text) ?? text, detail: null };
  }
  return unexpected;
}

/** The contracts' field messages (donation body, sandbox card body) in the page language. */
export function contractFieldMessage(say: Say, message: string, lang: string): string {
  if (message === 'Enter the card number') return say('card.problems.number');
  if (message === 'Enter a real month') return say('card.problems.expiry');
  if (message === 'Enter the 3 or 4 digits on the back') return say('card.problems.cvc');
  if (message === 'Keep the message under 500 characters') return say('checkout.problems.messageTooLong');
  if (message.startsWith('Give at least'))
    return say('checkout.problems.min', { amount: usd(MIN_DONATION_CENTS, lang) });
  if (message.startsWith('Give at most'))
    return say('checkout.problems.max', { amount: usd(MAX_DONATION_CENTS, lang) });
  // Another sentence is the server's English: in another language, "this value is not valid".
  return lang === 'en' ? message : say('checkout.form.invalid');
}

// ------------------------------------------------------------------ addresses

export const thankYouPath = (donationId: string) => `/donations/${encodeURIComponent(donationId)}/thank-you`;
export const donatePath = (campaignSlug: string, fundraiserSlug: string | null | undefined) =>
  fundraiserSlug
    ? `/fundraisers/${encodeURIComponent(fundraiserSlug)}/donate`
    : `/campaigns/${encodeURIComponent(campaignSlug)}/donate`;
export const pagePath = (campaignSlug: string, fundraiserSlug: string | null | undefined) =>
  fundraiserSlug
    ? `/fundraisers/${encodeURIComponent(fundraiserSlug)}`
    : `/campaigns/${encodeURIComponent(campaignSlug)}`;
