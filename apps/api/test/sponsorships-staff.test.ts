/**
 * Issue 17, the staff's side of sponsorships (decision 019): opportunities with figures equal to
 * SQL, their rules (slug, FMV, quantity, delete), the image kept whole, sponsors' list, summary,
 * CSV and logo decisions (the rejection e-mailed in the buyer's language), offline units.
 */
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from './campaigns-support.js';
import { filesUnder, multipart } from './fixtures.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';
import { insertOpportunity, insertUnit, truthOf, V1 } from './sponsorships-support.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof actor>>;
let tree: Awaited<ReturnType<typeof createTree>>;
let campaignId: number;
beforeAll(async () => {
  t = await createTestApp();
  tree = await createTree(t.db);
  admin = await actor(t, { membership: { organizationId: tree.team.id, role: 'team_admin' } });
  campaignId = (await insertCampaign(t.db, tree.team.id)).id;
});
afterAll(async () => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  organizationId: tree.team.id,
  slug: `banner-${Math.random().toString(36).slice(2, 10)}`,
  name: 'Outfield banner',
  priceCents: 50000,
  quantity: 3,
  benefits: ['A banner on the outfield fence'],
  fairMarketValueCents: 10000,
  tier: 'gold',
  status: 'active',
  ...extra,
});
const count = async (table: string) =>
  (await firstRow<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))!.n;

describe('opportunities', () => {
  it('creates on a node and on a campaign, and lists a node with its campaigns, figures equal to SQL', async () => {
    const a = await admin.call({ method: 'POST', url: `${V1}/admin/sponsorship_opportunity`, payload: body() });
    expect(a.statusCode, a.body).toBe(200);
    const b = await admin.call({
      method: 'POST',
      url: `${V1}/admin/sponsorship_opportunity`,
      payload: { ...body(), organizationId: undefined, campaignId },
    });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().data).toMatchObject({ organizationId: tree.team.id, campaignId });
    const opp = a.json().data.id as number;
    await insertUnit(t.db, {
      opportunityId: opp,
      campaignId,
      organizationId: tree.team.id,
      amount: 50000,
      refunded: 5000,
    });
    await insertUnit(t.db, { opportunityId: opp, campaignId, organizationId: tree.team.id, status: 'held' });
    await insertUnit(t.db, {
      opportunityId: opp,
      campaignId,
      organizationId: tree.team.id,
      status: 'held',
      holdExpired: true,
    });
    await insertUnit(t.db, { opportunityId: opp, campaignId, organizationId: tree.team.id, status: 'released' });
    const list = await admin.call({
      method: 'GET',
      url: `${V1}/admin/sponsorship_opportunity?organizationId=${tree.team.id}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { id: number; sold: number; held: number; left: number; revenueCents: number }[];
    expect(rows.map((r) => r.id).sort()).toEqual([opp, b.json().data.id].sort());
    const truth = await truthOf(t.db, opp);
    const mine = rows.find((r) => r.id === opp)!;
    expect({ sold: mine.sold, held: mine.held, revenue: mine.revenueCents, left: mine.left }).toEqual({
      ...truth,
      left: 3 - truth.sold - truth.held,
    });
    expect(truth).toEqual({ sold: 1, held: 1, revenue: 45000 });
    const byCampaign = await admin.call({
      method: 'GET',
      url: `${V1}/admin/sponsorship_opportunity?campaignId=${campaignId}`,
    });
    expect(byCampaign.json().data.map((r: { id: number }) => r.id)).toEqual([b.json().data.id]);
  });

  it('refuses a taken slug (409 slug), FMV above price (400), quantity below sold+held (409 quantity); nothing changes', async () => {
    const first = await admin.call({ method: 'POST', url: `${V1}/admin/sponsorship_opportunity`, payload: body() });
    const o = first.json().data;
    const before = await count('sponsorship_opportunities');
    const dup = await admin.call({
      method: 'POST',
      url: `${V1}/admin/sponsorship_opportunity`,
      payload: body({ slug: o.slug }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].path).toBe('body.slug');
    const fmv = await admin.call({
      method: 'POST',
      url: `${V1}/admin/sponsorship_opportunity`,
      payload: body({ fairMarketValueCents: 60000 }),
    });
    expect(fmv.statusCode).toBe(400);
    expect(fmv.body).toContain('fairMarketValueCents');
    expect(await count('sponsorship_opportunities')).toBe(before);
    await insertUnit(t.db, { opportunityId: o.id, campaignId, organizationId: tree.team.id });
    await insertUnit(t.db, { opportunityId: o.id, campaignId, organizationId: tree.team.id, status: 'held' });
    const low = await admin.call({
      method: 'PUT',
      url: `${V1}/admin/sponsorship_opportunity/${o.id}`,
      payload: { quantity: 1 },
    });
    expect(low.statusCode).toBe(409);
    expect(low.json().errors[0].path).toBe('body.quantity');
    const fmvUp = await admin.call({
      method: 'PUT',
      url: `${V1}/admin/sponsorship_opportunity/${o.id}`,
      payload: { fairMarketValueCents: 50001 },
    });
    expect(fmvUp.statusCode).toBe(400);
    const q = await firstRow<{ quantity: number; fmv: number }>(
      t.db,
      sql`select quantity, fair_market_value_cents as fmv from sponsorship_opportunities where id = ${o.id}`,
    );
    expect(q).toEqual({ quantity: 3, fmv: 10000 });
    const ok = await admin.call({
      method: 'PUT',
      url: `${V1}/admin/sponsorship_opportunity/${o.id}`,
      payload: { quantity: 2, name: 'Big banner', benefits: ['x', 'y'] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ quantity: 2, name: 'Big banner', benefits: ['x', 'y'], left: 0 });
    const taken = await admin.call({
      method: 'PUT',
      url: `${V1}/admin/sponsorship_opportunity/${ok.json().data.id}`,
      payload: { slug: (await insertOpportunity(t.db, { organizationId: tree.team.id })).slug },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0].path).toBe('body.slug');
  });

  it('deletes only an opportunity that never had a sponsorship row (else 409: archive)', async () => {
    const used = await insertOpportunity(t.db, { organizationId: tree.team.id });
    await insertUnit(t.db, { opportunityId: used.id, campaignId, organizationId: tree.team.id, status: 'released' });
    const no = await admin.call({ method: 'DELETE', url: `${V1}/admin/sponsorship_opportunity/${used.id}` });
    expect(no.statusCode).toBe(409);
    expect(no.json().message).toMatch(/archive/);
    const free = await insertOpportunity(t.db, { organizationId: tree.team.id });
    const yes = await admin.call({ method: 'DELETE', url: `${V1}/admin/sponsorship_opportunity/${free.id}` });
    expect(yes.statusCode, yes.body).toBe(200);
    const left = await firstRow<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from sponsorship_opportunities where id in (${used.id}, ${free.id})`,
    );
    expect(left!.n).toBe(1);
  });

  it('keeps an image whole (fit inside 800×400, WebP, no metadata) and deletes the old file', async () => {
    const o = await insertOpportunity(t.db, { organizationId: tree.team.id });
    const wide = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#c00' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .jpeg()
      .toBuffer();
    const up = (buf: Buffer) =>
      admin.call({
        method: 'POST',
        url: `${V1}/admin/sponsopship_opportunity/${o.id}/image`,
        ...multipart(buf, 'banner.jpg', 'image/jpeg'),
      });
    const first = await up(wide);
    expect(first.statusCode, first.body).toBe(200);
    const url1 = first.json().data.imageUrl as string;
    const served = await t.app.inject({ method: 'GET', url: url1 });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'webp',
      width: 800,
      height: 200,
      exif: undefined,
    });
    const second = await up(wide);
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url1 })).statusCode).toBe(404);
    const stored = await firstRow<{ url: string }>(
      t.db,
      sql`select image_url as url from sponsorship_opportunities where id = ${o.id}`,
    );
    expect(stored!.url).toBe(second.json().data.imageUrl);
  });

  it('refuses the hostile-upload corpus of row 14 and stores nothing', async () => {
    const o = await insertOpportunity(t.db, { organizationId: tree.team.id });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
    );
    const flood = Buffer.from(png);
    flood.writeUInt32BE(100000, 16);
    flood.writeUInt32BE(100000, 20);
    const cases: [string, ReturnType<typeof multipart>, number][] = [
      ['oversize', multipart(Buffer.concat([png, Buffer.alloc(2.5 * 1024 * 1024)])), 413],
      ['truncated', multipart(png.subarray(0, 20)), 400],
      ['html as png', multipart(html), 400],
      ['svg', multipart(svg, 'a.svg', 'image/svg+xml'), 400],
      ['gif polyglot', multipart(Buffer.from('GIF89a/*\x00*/=1;alert(1)//'), 'a.gif', 'image/gif'), 400],
      ['pixel flood', multipart(flood), 400],
      ['traversal name', multipart(html, '../../evil.png'), 400],
      ['empty', multipart(Buffer.alloc(0)), 400],
      ['wrong field', multipart(png, 'a.png', 'image/png', 'image'), 400],
    ];
    const before = filesUnder(t.app.files.root).length;
    const wrong: string[] = [];
    for (const [name, b, status] of cases) {
      const res = await admin.call({ method: 'POST', url: `${V1}/admin/sponsopship_opportunity/${o.id}/image`, ...b });
      if (res.statusCode !== status || !res.body.includes('body.file'))
        wrong.push(`${name}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
    expect(filesUnder(t.app.files.root).length).toBe(before);
    const row = await firstRow<{ url: string | null }>(
      t.db,
      sql`select image_url as url from sponsorship_opportunities where id = ${o.id}`,
    );
    expect(row!.url).toBeNull();
  });
});

describe('the address check', () => {
  it('answers taken, free or invalid for /sponsorships/{slug}', async () => {
    const o = await insertOpportunity(t.db, { organizationId: tree.team.id });
    const ask = async (url: string) => (await t.app.inject({ method: 'GET', url: `${V1}${url}` })).json().data;
    expect(await ask(`/sponsorship_opportunity/validate-url/${o.slug}`)).toMatchObject({
      available: false,
      reason: 'taken',
    });
    expect(await ask(`/sponsorship_opportunity/validate-url/${o.slug}?exclude=${o.id}`)).toMatchObject({
      available: true,
    });
    expect(await ask('/sponsorship_opportunity/validate-url/a-free-banner-slug')).toMatchObject({ available: true });
    expect(await ask('/sponsorship_opportunity/validate-url/No%20Spaces')).toMatchObject({
      available: false,
      reason: 'invalid',
    });
  });
});
