/** Client-side checks of the checkout's details step (the server checks everything again). */
import { isEmail, isPersonName, type MoneyParseResult, PERSON_NAME_MAX } from '@fc/contracts';
import type { TFunction } from 'i18next';
import { formatUsd } from '../../format';
import { type DonorErrors, type DonorValues, MESSAGE_MAX } from './DonorFields';

export interface AmountLimits {
  minCents: number;
  maxCents: number;
}

/**
 * The amount field's problem: nothing typed, not read as an amount (why, from the money module:
 * an ambiguous "25,500" in Spanish says so), under the minimum or over the maximum.
 */
export function amountProblem(
  t: TFunction,
  language: string,
  amount: MoneyParseResult,
  { minCents, maxCents }: AmountLimits,
): string | null {
  if (!amount.ok) return t(`money.errors.${amount.error}`);
  const cents = amount.cents;
  if (cents < minCents) return t('public.checkout.problems.min', { amount: formatUsd(minCents, language) });
  if (cents > maxCents) return t('public.checkout.problems.max', { amount: formatUsd(maxCents, language) });
  return null;
}

export function donorProblems(t: TFunction, v: DonorValues): DonorErrors {
  const errors: DonorErrors = {};
  const name = (key: 'firstName' | 'lastName') => {
    if (!isPersonName(v[key]))
      errors[key] = v[key].trim() ? t('validation.maxLength', { max: PERSON_NAME_MAX }) : t('validation.required');
  };
  name('firstName');
  name('lastName');
  if (!isEmail(v.email.trim())) errors.email = v.email.trim() ? t('validation.email') : t('validation.required');
  if (v.message.trim().length > MESSAGE_MAX) errors.message = t('public.checkout.problems.messageTooLong');
  return errors;
}
