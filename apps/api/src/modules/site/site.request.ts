/**
 * What a site page request asks for besides its address: the language (`?lang=`, then the `lang`
 * cookie, then Accept-Language) and the theme (the `theme` cookie the switch writes, else none so
 * the page follows the system). Choosing a language with `?lang=` is remembered in the cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/cookies.js';
import { isLanguage, type Language, pickLanguage } from './site.messages.js';

export const LANG_COOKIE = 'lang';
export const THEME_COOKIE = 'theme';
const YEAR = 60 * 60 * 24 * 365;

/**
 * The route options of a page the site renders: public, out of the OpenAPI document, and marked
 * `sitePage` so a `?ref=` visit is recorded and the referral notice shown (affiliates/clicks.service.ts).
 */
export const SITE_PAGE = { config: { policy: 'public' as const, sitePage: true }, schema: { hide: true } };

/** The referral notice this request's page shows (set by the referral hook), or null. */
export const requestReferral = (req: FastifyRequest) => req.referral?.notice ?? null;

export { readCookie };

export const queryLang = (req: FastifyRequest): unknown => (req.query as Record<string, unknown> | undefined)?.lang;

export function requestLanguage(req: FastifyRequest): Language {
  return pickLanguage(queryLang(req), req.headers['accept-language'], readCookie(req.headers.cookie, LANG_COOKIE));
}

export function requestTheme(req: FastifyRequest): 'light' | 'dark' | null {
  const theme = readCookie(req.headers.cookie, THEME_COOKIE);
  return theme === 'light' || theme === 'dark' ? theme : null;
}

/** A language picked in the URL (the switch's links) becomes the visitor's choice for the next pages. */
export function rememberLanguage(req: FastifyRequest, reply: FastifyReply): void {
  const lang = queryLang(req);
  if (isLanguage(lang) && readCookie(req.headers.cookie, LANG_COOKIE) !== lang)
    reply.header('set-cookie', `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${YEAR}; SameSite=Lax`);
}
