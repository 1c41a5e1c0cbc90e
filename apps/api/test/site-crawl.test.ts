/** robots.txt and sitemap.xml: public pages open to crawlers, the console and API closed; the sitemap lists active campaigns and organization pages. */
import { describe, expect, it } from 'vitest';
import { SITEMAP_MAX_URLS, sitemapXml } from '../src/modules/site/crawl.js';
import { opportunity } from './site-sponsorships-support.js';
import { createSiteApp, open, PUBLIC_URL, siteData } from './site-support.js';

describe('robots.txt', () => {
  it('allows the public pages, disallows the console and the API, and names the sitemap', async () => {
    const t = await createSiteApp();
    try {
      const res = await open(t, '/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = res.body.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      expect(lines).toContain('Allow: /');
      for (const closed of [
        '/api/',
        '/dashboard$',
        '/orgs/',
        '/campaigns/list',
        '/campaigns/view',
        '/donations/',
        '/apps/',
      ])
        expect(lines).toContain(`Disallow: ${closed}`);
      // Player pages stay crawlable so that crawlers see their noindex, and previews work.
      expect(
        lines.filter((l) => l.startsWith('Disallow: /fundraisers/') && !/list|home|view|campaign/.test(l)),
      ).toEqual([]);
      expect(lines.some((l) => /^Disallow: \/campaigns\/?$/.test(l))).toBe(false);
      expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    } finally {
      await t.close();
    }
  });
});

describe('sitemap.xml', () => {
  it('lists every active campaign and organization, league and team page, nothing else (no drafts, closed campaigns, divisions or player pages)', async () => {
    const t = await createSiteApp();
    try {
      const data = await siteData(t);
      const active = [await data.campaign(), await data.campaign({ slug: `amp-&-co-${Date.now()}` })];
      const draft = await data.campaign({ status: 'draft' });
      const closed = await data.campaign({ status: 'closed' });
      const { cf } = await data.player(active[0]!.id);
      const res = await open(t, '/sitemap.xml', { headers: { accept: '*/*' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(
        res.body.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ),
      ).toBe(true);
      const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      const { org, league, team, division } = data.tree;
      expect(locs.sort()).toEqual(
        [
          ...active.map((c) => `${PUBLIC_URL}/campaigns/${encodeURIComponent(c.slug)}`.replace(/&/g, '&amp;')),
          ...[org, league, team].map((o) => `${PUBLIC_URL}/${o.slug}`),
        ].sort(),
      );
      expect(res.body).not.toContain(`/${division.slug}<`);
      expect(res.body).not.toContain(draft.slug);
      expect(res.body).not.toContain(closed.slug);
      expect(res.body).not.toContain(cf.slug);
      expect(res.body).not.toContain('/fundraisers/');
      const today = new Date().toISOString().slice(0, 10);
      expect(res.body.match(/<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/)?.[1]).toBe(today);
    } finally {
      await t.close();
    }
  });

  it("lists the sponsorship pages of nodes with an opportunity on sale and those opportunities' own (issue 17)", async () => {
    const t = await createSiteApp();
    try {
      const data = await siteData(t);
      const { team, league } = data.tree;
      const onSale = await opportunity(t.db, { organizationId: team.id });
      const draft = await opportunity(t.db, { organizationId: league.id, status: 'draft' });
      const locs = [...(await open(t, '/sitemap.xml')).body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toContain(`${PUBLIC_URL}/${team.slug}/sponsorships`);
      expect(locs).toContain(`${PUBLIC_URL}/sponsorships/${onSale.slug}`);
      expect(locs).not.toContain(`${PUBLIC_URL}/${league.slug}/sponsorships`);
      expect(locs).not.toContain(`${PUBLIC_URL}/sponsorships/${draft.slug}`);
    } finally {
      await t.close();
    }
  });

  it('stops at the protocol limit of 50,000 addresses and escapes them', () => {
    const entries = Array.from({ length: SITEMAP_MAX_URLS + 5 }, (_, i) => ({
      loc: `https://x.test/campaigns/c${i}?a=1&b=2`,
    }));
    const xml = sitemapXml(entries);
    expect(xml.match(/<url>/g)).toHaveLength(SITEMAP_MAX_URLS);
    expect(xml).toContain('<loc>https://x.test/campaigns/c0?a=1&amp;b=2</loc>');
    expect(xml).not.toContain('c50000');
  });
});
