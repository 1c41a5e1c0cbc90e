/**
 * The site's strings: the public JSON files the console's i18next reads too (decision 017:
 * one set of files): `locales/{en,es}/site.json` (`site.*`: navbar, footer, home, marketing,
 * organization pages) and `public.json` (`public.*` for the campaign, player, checkout, thank-you,
 * cart, invitation and registration pages, and `errors.codes.*` for the API's error codes).
 */
import enPublic from '../../../web/src/locales/en/public.json';
import enSite from '../../../web/src/locales/en/site.json';
import esPublic from '../../../web/src/locales/es/public.json';
import esSite from '../../../web/src/locales/es/site.json';
import { createT, type T, type Tree } from './t';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Theme = 'light' | 'dark';

export const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

export const STRINGS: Record<Language, Tree> = { en: { ...enPublic, ...enSite }, es: { ...esPublic, ...esSite } };

const cache = new Map<Language, T>();

/** One `t` per language, made once. */
export function tFor(language: Language): T {
  let t = cache.get(language);
  if (!t) {
    t = createT(STRINGS[language], language);
    cache.set(language, t);
  }
  return t;
}
