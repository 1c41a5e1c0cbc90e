/**
 * Names and titles become web addresses one way, in the console's forms and in the API
 * (decision 013): lower-case ASCII letters and digits joined by single hyphens, accents dropped
 * ("Ñandú Kids U12" → "nandu-kids-u12"), at most `maxLength` characters and never ending in a
 * hyphen. May be empty (nothing to keep): callers supply a fallback.
 */

/** Letters that Unicode does not decompose into a base letter and an accent. */
const SPELLED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd' };

export const SLUG_MAX_LENGTH = 60;

export function slugify(text: string, maxLength: number = SLUG_MAX_LENGTH): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæœøđłþð]/g, (c) => SPELLED[c] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, Math.max(0, maxLength))
    .replace(/-+$/g, '');
}

/**
 * First path segments the site itself answers (spec §2 routes, the server-rendered pages, the
 * API and files, crawler files): never an organization, league or team web address, which is
 * served at `/{slug}` (issue 14). `GET /organization/validate-url/{url}` refuses them, creating
 * or renaming a node refuses them, and generated addresses skip them.
 */
export const RESERVED_WEB_ADDRESSES: ReadonlySet<string> = new Set([
  'access-control',
  'activate-account',
  'admin',
  'affiliate',
  'affiliates',
  'api',
  'apps',
  'assets',
  'band',
  'campaigns',
  'cart',
  'contact-us',
  'dashboard',
  'donations',
  'email-confirm',
  'files',
  'forgot-password',
  'fundraisers',
  'healthz',
  'help',
  'home',
  'how-it-works',
  'login',
  'loginlink',
  'misc',
  'onboarding',
  'orgs',
  'otl',
  'our-story',
  'pages',
  'privacy-policy',
  'register',
  'reset-password',
  'robots-txt',
  'site',
  'sitemap-xml',
  'sponsorships',
  'system',
  'terms-and-conditions',
]);

export const isReservedWebAddress = (slug: string): boolean => RESERVED_WEB_ADDRESSES.has(slug.trim().toLowerCase());
