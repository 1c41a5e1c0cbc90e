/** The details step's fields and errors, and how server errors and focus find them. */
import type { CreateDonationBody } from '@fc/contracts';
import type { DonorErrors, DonorValues } from './DonorFields';

export interface Values {
  amountText: string;
  coverFee: boolean;
  donor: DonorValues;
  player: string;
}

export type Errors = DonorErrors & { amount?: string; player?: string };

/** The server's body fields → the form's fields (and the element to focus). */
export const FIELD_OF: Record<string, keyof Errors> = {
  amountCents: 'amount',
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  message: 'message',
  forPlayer: 'player',
};
const INPUT_ID: Record<keyof Errors, string> = {
  amount: 'donate-amount',
  player: 'donate-player',
  firstName: 'donate-first-name',
  lastName: 'donate-last-name',
  email: 'donate-email',
  message: 'donate-message',
  anonymous: 'donate-anonymous',
};
const FOCUS_ORDER: (keyof Errors)[] = ['amount', 'player', 'firstName', 'lastName', 'email', 'message'];

export function focusFirst(errors: Errors) {
  const first = FOCUS_ORDER.find((k) => errors[k]);
  if (first) document.getElementById(INPUT_ID[first])?.focus();
}

/** Same donor, player and message: a changed amount can update the same donation. */
export const sameDonor = (a: CreateDonationBody, b: CreateDonationBody) =>
  a.firstName === b.firstName &&
  a.lastName === b.lastName &&
  a.email === b.email &&
  a.anonymous === b.anonymous &&
  a.message === b.message &&
  a.forPlayer === b.forPlayer;
