/**
 * The public sponsorship pages (issue 17, decision 019 "Logos and display", "Inventory") over
 * plain HTTP, JavaScript off: `/{slug}/sponsorships` lists the node's opportunities on sale (its
 * own and its active campaigns', within their dates) with units left by the inventory rule, and
 * its shown sponsors (paid, logo approved) by tier; `/sponsorships/{slug}` shows one with the Buy
 * island or a sold-out state; campaign and player pages carry the campaign's sponsors band. The
 * data is written in SQL (site-sponsorships-support.ts), the oracle.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { opportunity, unit } from './site-sponsorships-support.js';
import { canonicalOf, createSiteApp, metaContent, open, PUBLIC_URL, siteData } from './site-support.js';

let t: TestApp;
let data: Awaited<ReturnType<typeof siteData>>;

beforeAll(async () => {
  t = await createSiteApp();
  data = await siteData(t);
});
afterAll(async () => t.close());

/** The text between two markers of the page (the order things appear in). */
const indexes = (html: string, ...parts: string[]) => parts.map((p) => html.indexOf(p));

describe('/{slug}/sponsorships', () => {
  it("lists the node's opportunities on sale with units left, and its shown sponsors by tier", async () => {
    const team = data.tree.team;
    const running = await data.campaign();
    const ended = await data.campaign({ status: 'ended' });
    const gold = await opportunity(t.db, {
      organizationId: team.id,
      name: 'Gold Banner',
      priceCents: 100_000,
      quantity: 5,
    });
    const unlimited = await opportunity(t.db, {
      organizationId: team.id,
      campaignId: running.id,
      name: 'Community Shout-out',
      tier: 'community',
      priceCents: 5_000,
      fairMarketValueCents: 0,
      quantity: null,
    });
    const sold = await opportunity(t.db, {
      organizationId: team.id,
      name: 'Presenting Partner',
      tier: 'presenting',
      quantity: 1,
    });
    await opportunity(t.db, { organizationId: team.id, name: 'Draft Idea', status: 'draft' });
    await opportunity(t.db, { organizationId: team.id, name: 'Old Offer', endsOn: '2020-01-01' });
    await opportunity(t.db, { organizationId: team.id, name: 'Next Year', startsOn: '2999-01-01' });
    await opportunity(t.db, { organizationId: team.id, campaignId: ended.id, name: 'Ended Campaign Offer' });
    // Taken: 2 paid + 1 unexpired hold; an expired hold and a released unit are free again.
    await unit(t.db, gold.id, {
      organizationId: team.id,
      displayName: 'Acme Hardware',
      logoUrl: '/files/acme.png',
      logoStatus: 'approved',
      paidAt: '2026-01-02T00:00:00Z',
    });
    await unit(t.db, gold.id, {
      organizationId: team.id,
      displayName: 'Zed Bakery',
      logoUrl: '/files/zed.png',
      logoStatus: 'submitted',
    });
    await unit(t.db, gold.id, { organizationId: team.id, status: 'held' });
    await unit(t.db, gold.id, { organizationId: team.id, status: 'held', holdMinutes: -5 });
    await unit(t.db, gold.id, { organizationId: team.id, status: 'released' });
    await unit(t.db, sold.id, {
      organizationId: team.id,
      displayName: 'Big Bank',
      logoStatus: 'approved',
      logoUrl: null,
    });
    await unit(t.db, unlimited.id, {
      organizationId: team.id,
      campaignId: running.id,
      displayName: 'Corner Cafe',
      logoUrl: '/files/cafe.png',
      logoStatus: 'approved',
    });
    await unit(t.db, unlimited.id, {
      organizationId: team.id,
      campaignId: running.id,
      displayName: 'Rejected Co',
      logoUrl: '/files/no.png',
      logoStatus: 'rejected',
    });

    const res = await open(t, `/${team.slug}/sponsorships`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    const html = res.body;
    expect(html).toContain(team.name);
    for (const name of ['Gold Banner', 'Community Shout-out', 'Presenting Partner']) expect(html).toContain(name);
    for (const name of ['Draft Idea', 'Old Offer', 'Next Year', 'Ended Campaign Offer'])
      expect(html).not.toContain(name);
    // Tier order: presenting, gold, community.
    const [p, g, c] = indexes(html, 'Presenting Partner', 'Gold Banner', 'Community Shout-out');
    expect(p).toBeLessThan(g!);
    expect(g).toBeLessThan(c!);
    expect(html).toContain('$1,000.00');
    expect(html).toContain('2 of 5 left');
    expect(html).toContain('Sold out');
    expect(html).toContain('$900.00 of $1,000.00 may be tax-deductible');
    expect(html).toContain('$50.00 of $50.00 may be tax-deductible');
    expect(html).toContain(`href="/sponsorships/${gold.slug}?lang=en"`);
    expect(html).not.toContain(`href="/sponsorships/${sold.slug}?lang=en"`);
    // Only paid units with an approved logo are shown, by tier; the name without a logo URL.
    expect(html).toContain('Our sponsors');
    expect(html).toContain(`src="${PUBLIC_URL}/files/acme.png"`);
    expect(html).toContain(`src="${PUBLIC_URL}/files/cafe.png"`);
    expect(html).toContain('Big Bank');
    expect(html).not.toContain('Zed Bakery');
    expect(html).not.toContain('Rejected Co');
    expect(html).not.toContain('/files/no.png');
    const [bank, acme, cafe] = indexes(html, 'Big Bank', 'Acme Hardware logo', 'Corner Cafe logo');
    expect(bank).toBeLessThan(acme!);
    expect(acme).toBeLessThan(cafe!);
    // Open Graph and canonical like the other public node pages; no script beyond the theme switch.
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/${team.slug}/sponsorships`);
    expect(metaContent(html, 'og:title')).toBe(`Sponsor ${team.name}`);
    expect(html).not.toContain('data-island="buy"');
  });

  it('answers in Spanish, HEAD without a body, and 404 for unknown or non-public nodes', async () => {
    const team = data.tree.team;
    const es = await open(t, `/${team.slug}/sponsorships?lang=es`);
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('Oportunidades de patrocinio');
    const head = await open(t, `/${team.slug}/sponsorships`, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const slug of ['no-such-node-xyz', data.tree.division.slug]) {
      const res = await open(t, `/${slug}/sponsorships`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<html');
    }
  });
});

describe('/sponsorships/{slug}', () => {
  it('shows one opportunity with the Buy island, or a sold-out state without a form', async () => {
    const team = data.tree.team;
    const open1 = await opportunity(t.db, {
      organizationId: team.id,
      name: 'Jersey Patch',
      priceCents: 25_000,
      quantity: 3,
      fairMarketValueCents: 5_000,
    });
    await unit(t.db, open1.id, { organizationId: team.id });
    const res = await open(t, `/sponsorships/${open1.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(res.body).toContain('Jersey Patch');
    expect(res.body).toContain('2 of 3 left');
    expect(res.body).toContain('$200.00 of $250.00 may be tax-deductible');
    expect(res.body).toContain('data-island="buy"');
    expect(res.body).toContain('data-sp-price="25000"');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/sponsorships/${open1.slug}`);

    const full = await opportunity(t.db, { organizationId: team.id, name: 'Only One', quantity: 1 });
    await unit(t.db, full.id, { organizationId: team.id, status: 'held' });
    const sold = await open(t, `/sponsorships/${full.slug}?lang=es`);
    expect(sold.statusCode).toBe(200);
    expect(sold.body).toContain('Agotado');
    expect(sold.body).not.toContain('data-island="buy"');
  });

  it('404 for a draft, archived or unknown opportunity', async () => {
    const team = data.tree.team;
    const draft = await opportunity(t.db, { organizationId: team.id, status: 'draft' });
    const archived = await opportunity(t.db, { organizationId: team.id, status: 'archived' });
    for (const slug of [draft.slug, archived.slug, 'nothing-here']) {
      const res = await open(t, `/sponsorships/${slug}`);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('sponsors band', () => {
  it("campaign and player pages show the campaign's and its node's shown sponsors, not other campaigns'", async () => {
    const org = data.tree.org;
    const c = await data.campaign();
    const other = await data.campaign();
    const { cf } = await data.player(c.id);
    const mine = await opportunity(t.db, { organizationId: data.tree.team.id, campaignId: c.id, tier: 'silver' });
    const node = await opportunity(t.db, { organizationId: data.tree.team.id, tier: 'presenting', status: 'archived' });
    const theirs = await opportunity(t.db, { organizationId: data.tree.team.id, campaignId: other.id });
    const parent = await opportunity(t.db, { organizationId: org.id });
    await unit(t.db, mine.id, {
      organizationId: data.tree.team.id,
      campaignId: c.id,
      displayName: 'Silver Shop',
      logoStatus: 'approved',
      logoUrl: '/files/silver.png',
    });
    await unit(t.db, node.id, {
      organizationId: data.tree.team.id,
      displayName: 'Team Title Sponsor',
      logoStatus: 'approved',
      logoUrl: null,
    });
    await unit(t.db, mine.id, {
      organizationId: data.tree.team.id,
      campaignId: c.id,
      displayName: 'Waiting Shop',
      logoStatus: 'submitted',
    });
    await unit(t.db, theirs.id, {
      organizationId: data.tree.team.id,
      campaignId: other.id,
      displayName: 'Elsewhere Inc',
      logoStatus: 'approved',
    });
    await unit(t.db, parent.id, { organizationId: org.id, displayName: 'Parent Org Sponsor', logoStatus: 'approved' });

    for (const url of [`/campaigns/${c.slug}`, `/fundraisers/${cf.slug}`]) {
      const html = (await open(t, url)).body;
      expect(html).toContain('data-testid="sponsors-band"');
      const [title, silver] = indexes(html, 'Team Title Sponsor', 'Silver Shop logo');
      expect(title).toBeGreaterThan(-1);
      expect(title).toBeLessThan(silver!);
      for (const hidden of ['Waiting Shop', 'Elsewhere Inc', 'Parent Org Sponsor']) expect(html).not.toContain(hidden);
    }
    // A campaign without shown sponsors has no band.
    const bare = await data.campaign({ organizationId: data.tree.league.id });
    expect((await open(t, `/campaigns/${bare.slug}`)).body).not.toContain('sponsors-band');
  });
});

describe('thank-you pages', () => {
  it("a sponsorship's payment: thanks to the node, the deductible part, and the sponsor's form with the logo status", async () => {
    const team = data.tree.team;
    const o = await opportunity(t.db, { organizationId: team.id, priceCents: 30_000, fairMarketValueCents: 0 });
    const u = await unit(t.db, o.id, {
      organizationId: team.id,
      businessName: 'Rivera Plumbing',
      logoStatus: 'rejected',
    });
    await t.db.execute(
      sql`update sponsorships set logo_reject_reason = 'Too blurry', price_cents = 30000, fair_market_value_cents = 5000
        where donation_id = ${u.donationId}`,
    );
    const res = await open(t, `/donations/${u.publicId}/thank-you`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(`Thank you for sponsoring ${team.name}`);
    expect(res.body).toContain('$250.00 of your $300.00 payment may be tax-deductible.');
    expect(res.body).toContain('data-island="sponsor"');
    expect(res.body).toContain('value="Rivera Plumbing"');
    expect(res.body).toContain('Your logo was not approved: Too blurry.');
    expect(res.body).toContain('noindex');
    const es = await open(t, `/donations/${u.publicId}/thank-you?lang=es`);
    expect(es.body).toContain(`Gracias por patrocinar a ${team.name}`);
  });

  it("a gift's thank-you pages carry its campaign's sponsors band", async () => {
    const c = await data.campaign();
    const o = await opportunity(t.db, { organizationId: data.tree.team.id, campaignId: c.id, tier: 'bronze' });
    await unit(t.db, o.id, {
      organizationId: data.tree.team.id,
      campaignId: c.id,
      displayName: 'Bronze Bikes',
      logoStatus: 'approved',
    });
    const gift = await data.donation(c.id);
    for (const url of [
      `/donations/${gift}/thank-you`,
      `/campaigns/${c.slug}/thank-you?donation=${gift}`,
      `/campaigns/${c.slug}/thank-you`,
    ]) {
      const html = (await open(t, url)).body;
      expect(html).toContain('data-testid="sponsors-band"');
      expect(html).toContain('Bronze Bikes');
    }
  });
});
