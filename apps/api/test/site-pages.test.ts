/**
 * Public pages over plain HTTP (issue 14, first slice): every client gets the SPA shell with the
 * page's real status, and campaign and player pages carry link-preview tags made of the data the
 * JSON endpoints return (the oracle), escaped, in the language asked for.
 */
import { campaigns, organizations } from '@fc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import {
  CLIENTS,
  canonicalOf,
  createSiteApp,
  langOf,
  metaContent,
  open,
  PUBLIC_URL,
  siteData,
  titleOf,
} from './site-support.js';

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;
const pages: Record<string, string> = {};

beforeAll(async () => {
  t = await createSiteApp();
  data = await siteData(t);
  const active = await data.campaign({ logoUrl: '/files/logos/rockets.png' });
  const draft = await data.campaign({ status: 'draft' });
  const { cf } = await data.player(active.id, { avatarUrl: '/files/avatars/ella.png' });
  const { cf: draftCf } = await data.player(draft.id);
  Object.assign(pages, {
    campaign: `/campaigns/${active.slug}`,
    campaignDonate: `/campaigns/${active.slug}/donate`,
    campaignThanks: `/campaigns/${active.slug}/thank-you`,
    player: `/fundraisers/${cf.slug}`,
    playerDonate: `/fundraisers/${cf.slug}/donate`,
    playerThanks: `/fundraisers/${cf.slug}/thank-you`,
    draft: `/campaigns/${draft.slug}`,
    draftDonate: `/campaigns/${draft.slug}/donate`,
    draftPlayer: `/fundraisers/${draftCf.slug}`,
    unknownCampaign: '/campaigns/no-such-campaign',
    unknownThanks: '/campaigns/no-such-campaign/thank-you',
    unknownPlayer: '/fundraisers/no-such-player',
  });
});
afterAll(async () => t.close());

const V1 = '/api/v1';
const json = async (url: string) => {
  const res = await open(t, `${V1}${url}`);
  return { status: res.statusCode, data: res.statusCode === 200 ? res.json().data : null };
};

describe('every client gets the page with its real status', () => {
  // The thank-you pages are rendered by the server: site-thank-you.test.ts.
  const cases: [string, number][] = [
    ['campaignDonate', 200],
    ['playerDonate', 200],
    ['draftDonate', 404],
  ];
  // The campaign and player pages themselves are rendered by the server: site-campaign.test.ts.
  it.each(cases)('%s → %i for GET (no Accept, */*, text/html) and HEAD', async (key, status) => {
    const url = pages[key]!;
    // The JSON endpoint decides what is public; the page agrees with it.
    const slug = url.split('/')[2]!;
    const api = await json(url.startsWith('/campaigns/') ? `/public/campaigns/${slug}` : `/public/fundraisers/${slug}`);
    expect(api.status).toBe(status);
    for (const client of CLIENTS) {
      const res = await open(t, url, { method: client.method, headers: client.headers });
      expect(res.statusCode, `${client.name} ${url}`).toBe(status);
      expect(res.headers['content-type'], client.name).toBe('text/html; charset=utf-8');
      // The donate pages are rendered by the server (site-checkout.test.ts); the others are still the shell.
      const rendered = url.endsWith('/donate');
      expect(res.headers['cache-control'], client.name).toBe(
        rendered && status === 200 ? 'public, max-age=0, s-maxage=30' : 'no-cache',
      );
      if (client.method === 'HEAD') expect(res.body).toBe('');
      else expect(res.body).toContain(rendered ? '<main id="main"' : '<div id="root"></div>');
    }
  });

  it('a not-found page says so in its title and stays out of search results', async () => {
    const res = await open(t, pages.draftDonate!);
    expect(titleOf(res.body)).toBe('Page not found · FUNDRAISER CONSOLE');
    expect(metaContent(res.body, 'robots')).toBe('noindex');
    expect(metaContent(res.body, 'og:title')).toBeNull();
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('link previews', () => {
  it('a campaign page: title, description, canonical URL, Open Graph and Twitter tags from the JSON data', async () => {
    const slug = pages.campaign!.split('/')[2]!;
    const c = (await json(`/public/campaigns/${slug}`)).data;
    const html = (await open(t, pages.campaign!)).body;
    const url = `${PUBLIC_URL}/campaigns/${slug}`;
    expect(titleOf(html)).toBe(`${c.title} · FUNDRAISER CONSOLE`);
    expect(metaContent(html, 'description')).toBe(c.shortDescription);
    expect(canonicalOf(html)).toBe(url);
    expect(metaContent(html, 'og:title')).toBe(c.title);
    expect(metaContent(html, 'og:description')).toBe(c.shortDescription);
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}${c.logoImage}`);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:site_name')).toBe('FUNDRAISER CONSOLE');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:title')).toBe(c.title);
    expect(metaContent(html, 'twitter:image')).toBe(`${PUBLIC_URL}${c.logoImage}`);
    // Campaign pages are indexable; the build's own title and description are replaced, not doubled.
    expect(metaContent(html, 'robots')).toBeNull();
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('the donate and thank-you pages share their campaign page; thank-you is not indexed', async () => {
    const slug = pages.campaign!.split('/')[2]!;
    const c = (await json(`/public/campaigns/${slug}`)).data;
    const donate = (await open(t, pages.campaignDonate!)).body;
    const thanks = (await open(t, pages.campaignThanks!)).body;
    for (const html of [donate, thanks]) {
      expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/campaigns/${slug}`);
      expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/campaigns/${slug}`);
    }
    expect(metaContent(donate, 'og:title')).toBe(`Donate to ${c.title}`);
    expect(metaContent(donate, 'robots')).toBeNull();
    expect(metaContent(thanks, 'og:title')).toBe(`Thank you for supporting ${c.title}`);
    expect(metaContent(thanks, 'robots')).toBe('noindex');
  });

  it("a player page: noindex, the player's photo, the name as the page shows it, not the family's text", async () => {
    const slug = pages.player!.split('/')[2]!;
    const f = (await json(`/public/fundraisers/${slug}`)).data;
    expect(f.name).toBe('Ella B.');
    // The player page itself shows the family's reason in its body (site-campaign.test.ts checks its head).
    for (const key of ['playerDonate', 'playerThanks']) {
      const html = (await open(t, pages[key]!)).body;
      expect(metaContent(html, 'robots'), key).toBe('noindex');
      expect(canonicalOf(html), key).toBe(`${PUBLIC_URL}/fundraisers/${slug}`);
      expect(metaContent(html, 'og:image'), key).toBe(`${PUBLIC_URL}${f.avatarUrl}`);
      expect(html, key).not.toContain('Baker');
      expect(html, key).not.toContain('private family story');
    }
    const html = (await open(t, pages.player!)).body;
    expect(titleOf(html)).toBe(`${f.name} · ${f.campaign.title} · FUNDRAISER CONSOLE`);
    expect(metaContent(html, 'og:description')).toBe(`Help ${f.name} reach their goal for ${f.campaign.title}.`);
  });

  it('the image falls back to the organization logo, then to the default card', async () => {
    const plain = await data.campaign();
    const withDefault = (await open(t, `/campaigns/${plain.slug}`)).body;
    expect(metaContent(withDefault, 'og:image')).toBe(`${PUBLIC_URL}/og-card.png`);
    await t.db
      .update(organizations)
      .set({ logoUrl: 'https://cdn.example.org/team.png' })
      .where(eq(organizations.id, data.tree.team.id));
    const withOrgLogo = (await open(t, `/campaigns/${plain.slug}`)).body;
    expect(metaContent(withOrgLogo, 'og:image')).toBe('https://cdn.example.org/team.png');
    const { cf } = await data.player(plain.id);
    expect(metaContent((await open(t, `/fundraisers/${cf.slug}`)).body, 'og:image')).toBe(
      'https://cdn.example.org/team.png',
    );
  });

  it('escapes everything it writes: a title with <script>, quotes, & and $-patterns stays text', async () => {
    const title = `Rockets <script>alert("x")</script> & 'co' $& $1`;
    const c = await data.campaign({ title, shortDescription: `"Quoted" <b>bold</b> & more` });
    const html = (await open(t, `/campaigns/${c.slug}`)).body;
    // The page is rendered by the server (preact-render-to-string): `>` and `'` need no escaping there.
    const escaped = "Rockets &lt;script>alert(&quot;x&quot;)&lt;/script> &amp; 'co' $&amp; $1";
    expect(titleOf(html)).toBe(`${escaped} · FUNDRAISER CONSOLE`);
    expect(metaContent(html, 'og:title')).toBe(escaped);
    expect(metaContent(html, 'twitter:title')).toBe(escaped);
    expect(metaContent(html, 'og:description')).toBe('&quot;Quoted&quot; &lt;b>bold&lt;/b> &amp; more');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>bold');
    // Every script is the page's own.
    for (const script of html.match(/<script[^>]*>[^<]*/g) ?? []) expect(script).not.toContain('alert');
    // The API hands the same title back unchanged: escaping is the page's job, not the data's.
    expect((await json(`/public/campaigns/${c.slug}`)).data.title).toBe(title);
  });
});

describe('language', () => {
  it('<html lang> and the meta texts follow ?lang, then Accept-Language, then English', async () => {
    const c = await data.campaign({ shortDescription: null });
    const url = `/campaigns/${c.slug}/thank-you`;
    const org = data.tree.team.name;
    const cases: [string, Record<string, string>, 'en' | 'es'][] = [
      [url, {}, 'en'],
      [`${url}?lang=es`, {}, 'es'],
      [url, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'es'],
      [url, { 'accept-language': 'fr-FR, en;q=0.5, es;q=0.4' }, 'en'],
      [url, { 'accept-language': 'en;q=0.2, es;q=0.9' }, 'es'],
      [`${url}?lang=en`, { 'accept-language': 'es' }, 'en'],
      [`${url}?lang=xx`, { 'accept-language': 'es' }, 'es'],
    ];
    for (const [u, headers, lang] of cases) {
      const res = await open(t, u, { headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('Accept-Language');
      const html = res.body;
      expect(langOf(html), `${u} ${JSON.stringify(headers)}`).toBe(lang);
      if (lang === 'es') {
        expect(metaContent(html, 'og:title')).toBe(`Gracias por apoyar a ${c.title}`);
        expect(metaContent(html, 'og:description')).toBe(`Apoya a ${org}: ${c.title}. Cada donación ayuda al equipo.`);
        expect(metaContent(html, 'og:locale')).toBe('es_ES');
      } else {
        expect(metaContent(html, 'og:title')).toBe(`Thank you for supporting ${c.title}`);
        expect(metaContent(html, 'og:description')).toBe(`Support ${org}: ${c.title}. Every gift helps the team.`);
        expect(metaContent(html, 'og:locale')).toBe('en_US');
      }
    }
  });
});

describe('caching', () => {
  it('a page carries a weak ETag and answers 304 to it; a changed campaign changes the ETag', async () => {
    const c = await data.campaign();
    const first = await open(t, `/campaigns/${c.slug}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await open(t, `/campaigns/${c.slug}`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await open(t, `/campaigns/${c.slug}`, { method: 'HEAD', headers: { 'if-none-match': etag } });
    expect(head.statusCode).toBe(304);
    await t.db
      .update(campaigns)
      .set({ title: `${c.title} renamed` })
      .where(eq(campaigns.id, c.id));
    const changed = await open(t, `/campaigns/${c.slug}`, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(titleOf(changed.body)).toBe(`${c.title} renamed · FUNDRAISER CONSOLE`);
  });
});
