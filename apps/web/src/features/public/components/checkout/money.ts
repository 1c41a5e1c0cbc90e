/**
 * The amount field holds dollars as the donor types them; the wire carries integer cents. The
 * conversion works on the digits, never through floating-point arithmetic.
 */

/** "25", "25.5", "$1,250.00", "25,50" → cents; null when it is not an amount of money. */
export function parseDollars(text: string): number | null {
  let s = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/\s/g, '');
  if (s === '') return null;
  // "1,250" or "1,250.50": commas that group thousands go; a lone "25,50" is a decimal comma.
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '');
  else s = s.replace(',', '.');
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(s) ?? /^()\.(\d{1,2})$/.exec(s);
  if (!m) return null;
  const whole = m[1] ? Number.parseInt(m[1], 10) : 0;
  const fraction = Number.parseInt((m[2] ?? '').padEnd(2, '0'), 10);
  return whole * 100 + fraction;
}

/** Cents → the field's text: 2500 → "25", 2550 → "25.50" (no grouping, no symbol). */
export function centsToField(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
