/** @jsxRuntime automatic */
/** @jsxImportSource preact */
// @vitest-environment node
/**
 * The organization page (`/{slug}`) and the not-found page as the server renders them: content,
 * figures, progress with a text equivalent, links to the campaigns, "N more", the empty state,
 * head tags (logo or default card), escaping, and both languages.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSite, type OrganizationCampaign, type OrganizationData } from './index';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = createSite({ distDir: path.join(here, 'no-such-dist'), defaultCard: '/og-card.png' });
const req = { baseUrl: 'https://give.example.org', theme: null } as const;
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

const campaign = (over: Partial<OrganizationCampaign> = {}): OrganizationCampaign => ({
  slug: 'spring-drive',
  title: 'Spring Drive',
  organizationName: 'Riverside Rockets U12',
  goalCents: 500_000,
  raisedCents: 123_400,
  daysLeft: 12,
  ...over,
});
const org = (over: Partial<OrganizationData> = {}): OrganizationData => ({
  slug: 'riverside',
  name: 'Riverside Youth Sports',
  type: 1,
  logoUrl: null,
  description: null,
  city: 'Austin',
  region: 'TX',
  own: { campaigns: [], total: 0 },
  below: { campaigns: [], total: 0 },
  ...over,
});

describe('organization page', () => {
  it('shows the name, kind, location, about text and logo with its size, and the head tags', () => {
    const html = site.organization(
      { ...req, lang: 'en' },
      org({ logoUrl: 'https://give.example.org/files/logo.png', description: 'Soccer and hoops for every kid.' }),
    );
    expect(html).toContain('<h1>Riverside Youth Sports</h1>');
    expect(html).toContain('<p class="org-type">Organization</p>');
    expect(html).toContain('<p class="org-location">Austin, TX</p>');
    expect(html).toContain('<p class="org-about">Soccer and hoops for every kid.</p>');
    expect(html).toMatch(
      /<img class="org-logo" src="https:\/\/give\.example\.org\/files\/logo\.png" alt="Riverside Youth Sports logo" width="96" height="96"\/>/,
    );
    expect(html).toContain('<title>Riverside Youth Sports · FUNDRAISER CONSOLE</title>');
    expect(meta(html, 'description')).toBe('Soccer and hoops for every kid.');
    expect(meta(html, 'og:image')).toBe('https://give.example.org/files/logo.png');
    expect(meta(html, 'twitter:image')).toBe('https://give.example.org/files/logo.png');
    expect(meta(html, 'og:url')).toBe('https://give.example.org/riverside');
    expect(meta(html, 'robots')).toBeNull();
    expect(html).toContain('<link rel="canonical" href="https://give.example.org/riverside"/>');
    // The language links keep the page's address.
    expect(html).toContain('href="/riverside?lang=es"');
  });

  it('without a logo or about text: no image, the default card and our own description', () => {
    const html = site.organization({ ...req, lang: 'es' }, org({ type: 3, name: 'Rockets', below: null }));
    expect(html).not.toContain('<img');
    expect(meta(html, 'og:image')).toBe('https://give.example.org/og-card.png');
    expect(meta(html, 'description')).toBe('Rockets: campañas y recaudación de fondos para el deporte juvenil.');
    expect(html).toContain('<p class="org-type">Equipo</p>');
    expect(html).toContain('<link rel="canonical" href="https://give.example.org/riverside?lang=es"/>');
  });

  it('lists each campaign with raised, goal, an accessible progress bar, days left and its link', () => {
    const own = { campaigns: [campaign(), campaign({ slug: 'b', daysLeft: 0, goalCents: 0 })], total: 2 };
    const html = site.organization({ ...req, lang: 'en' }, org({ own }));
    expect(html).toContain('<a href="/campaigns/spring-drive?lang=en">Spring Drive</a>');
    expect(html).toContain('<dd data-testid="raised">$1,234</dd>');
    expect(html).toContain('<dd data-testid="goal">$5,000</dd>');
    expect(html).toContain(
      'role="progressbar" aria-label="Progress toward the goal" aria-valuemin="0" aria-valuemax="100" aria-valuenow="24" aria-valuetext="24% of goal"',
    );
    expect(html).toContain('<span>24% of goal</span><span>12 days left</span>');
    // No goal: no bar and no percentage; the last day says so.
    expect(html.match(/role="progressbar"/g)).toHaveLength(1);
    expect(html).toContain('<span>Last day</span>');
    expect(html).toContain('<h2 id="own-campaigns">Active campaigns</h2>');
    // The owner is named only in the list of the nodes below.
    expect(html).not.toContain('By Riverside Rockets U12');
  });

  it("an organization's campaigns below: owner named, and how many more there are beyond the list", () => {
    const below = { campaigns: [campaign({ daysLeft: 1 }), campaign({ slug: 'c', daysLeft: -2 })], total: 30 };
    const en = site.organization({ ...req, lang: 'en' }, org({ below }));
    expect(en).toContain('<h2 id="below-campaigns">Campaigns across the organization</h2>');
    expect(en).toContain('By Riverside Rockets U12');
    expect(en).toContain('And 28 more active campaigns.');
    expect(en).toContain('<span>1 day left</span>');
    expect(en).toContain('<span>Ended</span>');
    // The node has no campaigns of its own: only the list below, no empty state.
    expect(en).not.toContain('own-campaigns');
    const es = site.organization({ ...req, lang: 'es' }, org({ type: 2, below }));
    expect(es).toContain('Campañas de toda la liga');
    expect(es).toContain('Y 28 campañas activas más.');
    expect(es).toContain('Queda 1 día');
    expect(es).toContain('1234\u00a0US$');
  });

  it('says so when there are no active campaigns, in both languages', () => {
    expect(site.organization({ ...req, lang: 'en' }, org())).toContain(
      '<p class="empty">There are no active campaigns right now. Check back soon.</p>',
    );
    expect(site.organization({ ...req, lang: 'es' }, org())).toContain('No hay campañas activas en este momento.');
  });

  it('escapes names, titles and about text', () => {
    const evil = '<script>alert(1)</script> & "Co"';
    const html = site.organization(
      { ...req, lang: 'en' },
      org({ name: evil, description: evil, own: { campaigns: [campaign({ title: evil })], total: 1 } }),
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;script>alert(1)&lt;/script> &amp; &quot;Co&quot;');
  });

  it('a campaign over its goal: the bar is full, the text says how far over', () => {
    const own = { campaigns: [campaign({ raisedCents: 750_000 })], total: 1 };
    const html = site.organization({ ...req, lang: 'en' }, org({ own }));
    expect(html).toContain('aria-valuenow="100" aria-valuetext="150% of goal"');
    expect(html).toContain('style="width:100%;"');
  });
});

describe('not-found page', () => {
  it('in the site layout, never indexed, in both languages', () => {
    const en = site.notFoundPage({ ...req, lang: 'en' }, '/nope');
    expect(en).toContain('<h1>Page not found</h1>');
    expect(meta(en, 'robots')).toBe('noindex');
    expect(en).toContain('<title>Page not found · FUNDRAISER CONSOLE</title>');
    expect(en).toContain('class="site-footer"');
    expect(en).toMatch(/<html lang="en">/);
    const es = site.notFoundPage({ ...req, lang: 'es', theme: 'dark' }, '/nope');
    expect(es).toContain('<h1>Página no encontrada</h1>');
    expect(es).toMatch(/<html lang="es" data-theme="dark">/);
    expect(meta(es, 'robots')).toBe('noindex');
  });
});
