/** The sandbox card form's text handling: digits in groups, MM/YY, and their checks. */

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1", "12", "123" → "1", "12/", "12/3": the slash comes by itself, and goes with a backspace. */
export function formatExpiry(text: string, previous: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (text.length < previous.length && previous.endsWith('/') && !text.includes('/')) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length >= 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

export type CardProblem = 'number' | 'expiry' | 'expired' | 'cvc';

export interface CardParts {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The body for the confirm call, or the problems the donor should fix first. */
export function readCard(
  number: string,
  expiry: string,
  cvc: string,
  now = new Date(),
): { ok: true; card: CardParts } | { ok: false; problems: Partial<Record<'number' | 'expiry' | 'cvc', CardProblem>> } {
  const problems: Partial<Record<'number' | 'expiry' | 'cvc', CardProblem>> = {};
  const digits = number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) problems.number = 'number';
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  let expMonth = 0;
  let expYear = 0;
  if (!m) problems.expiry = 'expiry';
  else {
    expMonth = Number(m[1]);
    expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    if (expMonth < 1 || expMonth > 12) problems.expiry = 'expiry';
    else if (expYear * 12 + expMonth < now.getFullYear() * 12 + now.getMonth() + 1) problems.expiry = 'expired';
  }
  if (!/^\d{3,4}$/.test(cvc.trim())) problems.cvc = 'cvc';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, card: { cardNumber: digits, expMonth, expYear, cvc: cvc.trim() } };
}
