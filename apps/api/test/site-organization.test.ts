/**
 * `/{slug}` rendered by the server (issue 14, decision 017): an organization, league or team page
 * for every kind of client, its active campaigns equal to an independent query over campaigns and
 * campaign_rollups (own, and the nodes below, most raised first, at most 24 and "N more"), the
 * site's not-found page (404, noindex) for anything else, escaping, language, and the sitemap.
 */
import { formatMoney } from '@fc/contracts/money';
import { organizations, rows } from '@fc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_CAMPAIGNS_MAX } from '../src/modules/site/rendered.service.js';
import { createTree, type TestApp } from './helpers.js';
import {
  CLIENTS,
  canonicalOf,
  createSiteApp,
  langOf,
  metaContent,
  open,
  PUBLIC_URL,
  siteData,
} from './site-support.js';

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;
beforeAll(async () => {
  t = await createSiteApp();
  data = await siteData(t);
});
afterAll(async () => t.close());

/** The totals the database keeps per campaign, set here directly (the page must read these). */
async function setRaised(campaignId: number, cents: number) {
  await t.db.execute(sql`insert into campaign_rollups (campaign_id, raised_cents) values (${campaignId}, ${cents})
    on conflict (campaign_id) do update set raised_cents = excluded.raised_cents`);
}

/** The campaigns a page lists, in order: [section id, slug, raised text]. */
function listed(html: string) {
  const out: { section: string; slug: string; raised: string }[] = [];
  for (const section of html.split('<section aria-labelledby="').slice(1)) {
    const id = section.slice(0, section.indexOf('"'));
    for (const m of section.matchAll(
      /<a href="\/campaigns\/([^"?]+)\?lang=en">[\s\S]*?<dd data-testid="raised">([^<]*)<\/dd>/g,
    ))
      out.push({ section: id, slug: decodeURIComponent(m[1]!), raised: m[2]! });
  }
  return out;
}

/** Independently: active campaigns of the given nodes, most raised first (ties by id), from the rollups. */
async function expected(section: string, orgIds: number[]) {
  const found = await rows<{ slug: string; raised: string | number }>(
    t.db,
    sql`select c.slug, coalesce(r.raised_cents, 0) as raised from campaigns c
      left join campaign_rollups r on r.campaign_id = c.id
      where c.status = 'active' and c.organization_id in (${sql.join(orgIds, sql`, `)})
      order by coalesce(r.raised_cents, 0) desc, c.id`,
  );
  return {
    total: found.length,
    list: found.slice(0, ORGANIZATION_CAMPAIGNS_MAX).map((r) => ({
      section,
      slug: r.slug,
      raised: formatMoney(Number(r.raised), 'en', { whole: true }),
    })),
  };
}

describe('/{slug} for an organization, league or team', () => {
  it('lists the active campaigns of the node and of the nodes below, equal to an independent query', async () => {
    const { org, league, team, division } = data.tree;
    const own = await data.campaign({ organizationId: league.id });
    await setRaised(own.id, 12_300);
    // More than the page lists below the organization: it shows the top ones and says how many more.
    for (let i = 0; i < ORGANIZATION_CAMPAIGNS_MAX + 2; i++) {
      const c = await data.campaign();
      await setRaised(c.id, (i % 7) * 10_000 + i * 100);
    }
    const draft = await data.campaign({ status: 'draft', organizationId: league.id });
    const closed = await data.campaign({ status: 'closed' });

    for (const [node, below] of [
      [org, [league.id, team.id, division.id]],
      [league, [team.id, division.id]],
      [team, null],
    ] as const) {
      const html = (await open(t, `/${node.slug}?lang=en`)).body;
      const mine = await expected('own-campaigns', [node.id]);
      const under = below ? await expected('below-campaigns', [...below]) : { list: [], total: 0 };
      expect(listed(html), node.slug).toEqual([...mine.list, ...under.list]);
      const mores = [mine, under]
        .map((l) => l.total - l.list.length)
        .filter((n) => n > 0)
        .map((n) => `And ${n} more active campaign${n === 1 ? '' : 's'}.`);
      expect(
        [...html.matchAll(/<p class="more">([^<]*)<\/p>/g)].map((m) => m[1]),
        node.slug,
      ).toEqual(mores);
      expect(html).not.toContain(draft.slug);
      expect(html).not.toContain(closed.slug);
    }
    const orgHtml = (await open(t, `/${org.slug}?lang=en`)).body;
    expect(orgHtml).toContain('And 3 more active campaigns.');
    // Nothing of its own but campaigns below: only those, no empty state.
    expect(orgHtml).not.toContain('id="own-campaigns"');
    expect(orgHtml).not.toContain('There are no active campaigns right now.');
  });

  it('an organization whose only campaign is a draft: the page, with the empty state', async () => {
    const other = await createTree(t.db);
    const draft = await data.campaign({ organizationId: other.team.id, status: 'draft' });
    for (const node of [other.org, other.league, other.team]) {
      const res = await open(t, `/${node.slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<p class="empty">There are no active campaigns right now. Check back soon.</p>');
      expect(res.body).not.toContain(draft.slug);
      expect(listed(res.body)).toEqual([]);
    }
  });

  it('answers 200 HTML to every client (no Accept, */*, text/html, HEAD) with the head tags', async () => {
    const { org, league, team } = data.tree;
    for (const node of [org, league, team]) {
      for (const client of CLIENTS) {
        const res = await open(t, `/${node.slug}`, { method: client.method, headers: client.headers });
        expect(res.statusCode, `${client.name} ${node.slug}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
      }
      const html = (await open(t, `/${node.slug}`)).body;
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).not.toContain('<div id="root">');
      expect(html).toContain(`<h1>${node.name}</h1>`);
      expect(metaContent(html, 'og:title')).toBe(node.name);
      expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/${node.slug}`);
      expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/og-card.png`);
      expect(metaContent(html, 'robots')).toBeNull();
    }
  });

  it('unknown, division, inactive and draft-campaign addresses: the site not-found page, 404, noindex', async () => {
    const { division } = data.tree;
    const draft = await data.campaign({ status: 'draft' });
    const [gone] = await t.db
      .update(organizations)
      .set({ status: 'inactive' })
      .where(eq(organizations.id, data.tree.team.id))
      .returning();
    try {
      for (const url of ['/no-such-organization', `/${division.slug}`, `/${draft.slug}`, `/${gone!.slug}`]) {
        for (const client of CLIENTS) {
          const res = await open(t, url, { method: client.method, headers: client.headers });
          expect(res.statusCode, `${client.name} ${url}`).toBe(404);
          expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        }
        const en = (await open(t, url)).body;
        expect(en).toContain('<h1>Page not found</h1>');
        expect(metaContent(en, 'robots')).toBe('noindex');
        expect(en).toContain('class="site-footer"');
        const es = (await open(t, `${url}?lang=es`)).body;
        expect(langOf(es)).toBe('es');
        expect(es).toContain('<h1>Página no encontrada</h1>');
      }
    } finally {
      await t.db.update(organizations).set({ status: 'active' }).where(eq(organizations.id, gone!.id));
    }
  });

  it('escapes a name with <script>, shows the logo and uses it as the preview, and follows ?lang', async () => {
    const { team } = data.tree;
    const name = `<script>alert("x")</script> & Co ${team.id}`;
    await t.db
      .update(organizations)
      .set({ name, logoUrl: '/files/logos/team.png', city: 'Austin', region: 'TX' })
      .where(eq(organizations.id, team.id));
    const html = (await open(t, `/${team.slug}`)).body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(`<h1>&lt;script>alert(&quot;x&quot;)&lt;/script> &amp; Co ${team.id}</h1>`);
    expect(html).toContain(`src="${PUBLIC_URL}/files/logos/team.png"`);
    expect(html).toMatch(/<img class="org-logo" src="[^"]*" alt="[^"]*" width="96" height="96"\/>/);
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/files/logos/team.png`);
    expect(html).toContain('Austin, TX');
    const es = (await open(t, `/${team.slug}?lang=es`)).body;
    expect(langOf(es)).toBe('es');
    expect(es).toContain('<p class="org-type">Equipo</p>');
    expect(langOf((await open(t, `/${team.slug}`, { headers: { 'accept-language': 'es-MX,es;q=0.9' } })).body)).toBe(
      'es',
    );
  });
});

describe('sitemap.xml', () => {
  it('lists the organization, league and team pages, not the divisions', async () => {
    const xml = (await open(t, '/sitemap.xml')).body;
    const { org, league, team, division } = data.tree;
    for (const node of [org, league, team]) expect(xml).toContain(`<loc>${PUBLIC_URL}/${node.slug}</loc>`);
    expect(xml).not.toContain(`<loc>${PUBLIC_URL}/${division.slug}</loc>`);
  });
});
