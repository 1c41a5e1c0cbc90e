/**
 * The payment islands' strings in one language (made once per language): the `public.*` keys
 * they use, left with their `{{vars}}`, and `errors.codes.*` for the API's refusals.
 */
import { CHECKOUT_KEYS, type Strings } from '../../islands/checkout/strings';
import { type Language, STRINGS, tFor } from '../../lib/strings';

const cache = new Map<Language, { strings: Strings; codes: Strings }>();

export function paymentStrings(lang: Language): { strings: Strings; codes: Strings } {
  const cached = cache.get(lang);
  if (cached) return cached;
  const t = tFor(lang);
  const strings: Strings = {};
  for (const key of CHECKOUT_KEYS) strings[key] = t(`public.${key}`);
  const codes: Strings = {};
  const tree = (STRINGS[lang].errors as { codes?: Record<string, unknown> } | undefined)?.codes ?? {};
  // English shows the server's own sentence (it names the figures); other languages the code's.
  if (lang !== 'en') for (const [code, text] of Object.entries(tree)) if (typeof text === 'string') codes[code] = text;
  const made = { strings, codes };
  cache.set(lang, made);
  return made;
}
