/** Client-side checks of the checkout's details step (the server checks everything again). */
import { isEmail, isPersonName, PERSON_NAME_MAX } from '@fc/contracts';
import type { TFunction } from 'i18next';
import { formatUsd } from '../../format';
import { type DonorErrors, type DonorValues, MESSAGE_MAX } from './DonorFields';

export interface AmountLimits {
  minCents: number;
  maxCents: number;
}

/** The amount field's problem: not an amount, under the minimum or over the maximum. */
export function amountProblem(
  t: TFunction,
  language: string,
  cents: number | null,
  { minCents, maxCents }: AmountLimits,
): string | null {
  if (cents === null) return t('public.checkout.problems.amount');
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
