/**
 * Dates typed in the interface language (issue 12: the browser's date input writes its
 * placeholder and its digits in the browser's language, "mm/dd/yyyy" on a Spanish screen).
 * English is month/day/year, Spanish day/month/year; the value is always `YYYY-MM-DD`.
 */

export const isIsoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isoToParts(v) !== null;

function isoToParts(v: string): [number, number, number] | null {
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? [y, m, d] : null;
}

const spanish = (language: string) => language.toLowerCase().startsWith('es');
const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` → "05/31/2026" (en) or "31/05/2026" (es); anything else as it is. */
export function isoToText(value: string, language: string): string {
  if (!isIsoDate(value)) return value;
  const [y, m, d] = value.split('-');
  return spanish(language) ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}

/**
 * What a person typed → `YYYY-MM-DD`, or null when it is not a whole, real date. Takes the
 * language's order with "/", "-" or "." between the parts, and `YYYY-MM-DD` itself.
 */
export function textToIso(text: string, language: string): string | null {
  const s = text.trim();
  if (isIsoDate(s)) return s;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (!m) return null;
  const [a, b, y] = [Number(m[1]), Number(m[2]), m[3]];
  const [month, day] = spanish(language) ? [b, a] : [a, b];
  const iso = `${y}-${pad(month)}-${pad(day)}`;
  return isIsoDate(iso) ? iso : null;
}

/** The placeholder of a date field: the order to type, in the language's letters. */
export const datePattern = (language: string) => (spanish(language) ? 'dd/mm/aaaa' : 'mm/dd/yyyy');
