/**
 * robots.txt and sitemap.xml. Crawlers may read the public pages (player pages too: a crawler
 * must fetch a page to see its `noindex`, and link-preview bots obey robots.txt) and nothing of
 * the console or the API. The sitemap lists active campaigns and the pages of active organizations, leagues and
 * teams; never player pages, which are about minors.
 */
import { escapeHtml as e } from '../../lib/html.js';

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Console paths (spec §2 "Authenticated routes") and the private or form-only public ones. */
const DISALLOW = [
  '/api/',
  '/dashboard$',
  '/dashboard/',
  '/orgs/',
  '/campaigns/list',
  '/campaigns/view',
  '/campaigns/*/summary',
  '/fundraisers/list',
  '/fundraisers/home',
  '/fundraisers/view',
  '/fundraisers/*/campaign/',
  '/donations/',
  '/cart/',
  '/affiliates/',
  '/onboarding/',
  '/apps/',
  '/system/',
  '/access-control',
  '/pages/',
  '/help/',
  '/misc/',
  '/register$',
  '/register/',
  '/login$',
  '/loginlink$',
  '/forgot-password$',
  '/email-confirm$',
  '/activate-account$',
  '/otl$',
  '/reset-password$',
  '/band/',
];

export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries
    .slice(0, SITEMAP_MAX_URLS)
    .map((u) => `  <url><loc>${e(u.loc)}</loc>${u.lastmod ? `<lastmod>${e(u.lastmod)}</lastmod>` : ''}</url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
