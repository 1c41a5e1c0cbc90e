/**
 * Issue 17, the staff's side of sponsorships (decision 019): opportunities with figures equal to
 * SQL, their rules (slug, FMV, quantity, delete), the image kept whole, sponsors' list, summary,
 * CSV and logo decisions (the rejection e-mailed in the buyer's language), offline units.
 */
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, outboxFor } from './campaigns-support.js';
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

describe('sponsors', () => {
  it('lists by filter with a summary over the node, equal to SQL; CSV carries the money columns', async () => {
    const node = await createTree(t.db);
    const boss = await actor(t, { membership: { organizationId: node.team.id, role: 'team_admin' } });
    const c = (await insertCampaign(t.db, node.team.id)).id;
    const o = await insertOpportunity(t.db, { organizationId: node.team.id, quantity: null });
    const unit = (extra: Partial<Parameters<typeof insertUnit>[1]>) =>
      insertUnit(t.db, { opportunityId: o.id, campaignId: c, organizationId: node.team.id, ...extra });
    const none = await unit({ business: 'Zebra Bikes' });
    const submitted = await unit({ logoStatus: 'submitted' });
    const approved = await unit({ logoStatus: 'approved', refunded: 1000 });
    const rejected = await unit({ logoStatus: 'rejected' });
    const refunded = await unit({ status: 'refunded' });
    await unit({ status: 'held' });
    await unit({ status: 'released' });
    const ids = async (q: string) => {
      const r = await boss.call({
        method: 'GET',
        url: `${V1}/admin/sponsorship?organizationId=${node.team.id}${q.includes('perPage') ? '' : '&perPage=100'}${q}`,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };
    const all = await ids('');
    expect(all.data.map((s: { id: number }) => s.id).sort()).toEqual(
      [none.id, submitted.id, approved.id, rejected.id, refunded.id].sort(),
    );
    expect(all.total).toBe(5);
    expect((await ids('&filter=awaiting_logo')).data.map((s: { id: number }) => s.id).sort()).toEqual(
      [none.id, rejected.id].sort(),
    );
    expect((await ids('&filter=awaiting_approval')).data.map((s: { id: number }) => s.id)).toEqual([submitted.id]);
    expect((await ids('&filter=shown')).data.map((s: { id: number }) => s.id)).toEqual([approved.id]);
    expect((await ids('&filter=rejected')).data.map((s: { id: number }) => s.id)).toEqual([rejected.id]);
    expect((await ids('&filter=refunded')).data.map((s: { id: number }) => s.id)).toEqual([refunded.id]);
    expect((await ids('&q=zebra')).data.map((s: { id: number }) => s.id)).toEqual([none.id]);
    const truth = await firstRow<{ paid: number; revenue: number }>(
      t.db,
      sql`select count(*) filter (where s.status = 'paid')::int as paid,
          coalesce(sum(d.amount_cents - d.refunded_cents) filter (where d.status in (1, 3)), 0)::int as revenue
        from sponsorships s join donations d on d.id = s.donation_id where s.opportunity_id = ${o.id}`,
    );
    expect(all.summary).toEqual({
      paidCount: truth!.paid,
      revenueCents: truth!.revenue,
      awaitingLogo: 2,
      awaitingApproval: 1,
    });
    const page2 = await ids('&perPage=2&page=3&sort=asc');
    expect(page2.data.length).toBe(1);
    const csv = await boss.call({
      method: 'GET',
      url: `${V1}/admin/sponsorship.csv?organizationId=${node.team.id}&filter=shown`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('price,fair_market_value,deductible,refunded,logo_status');
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain('500.00,100.00,400.00,10.00,approved');
  });

  it('approves and rejects a logo; the rejection reason is stored and e-mailed in the buyer language', async () => {
    const o = await insertOpportunity(t.db, { organizationId: tree.team.id });
    const email = `es-buyer-${Date.now()}@example.test`;
    const s = await insertUnit(t.db, {
      opportunityId: o.id,
      campaignId,
      organizationId: tree.team.id,
      logoStatus: 'submitted',
      email,
      language: 'es',
    });
    const rej = await admin.call({
      method: 'POST',
      url: `${V1}/admin/sponsorship/${s.id}/logo/reject`,
      payload: { reason: 'El logotipo está borroso.' },
    });
    expect(rej.statusCode, rej.body).toBe(200);
    const row = await firstRow<{ status: string; reason: string }>(
      t.db,
      sql`select logo_status as status, logo_reject_reason as reason from sponsorships where id = ${s.id}`,
    );
    expect(row).toEqual({ status: 'rejected', reason: 'El logotipo está borroso.' });
    const mails = await outboxFor(t.db, email);
    expect(mails.length).toBe(1);
    expect(mails[0]!.subject).toMatch(/logotipo/);
    expect(mails[0]!.text).toContain('El logotipo está borroso.');
    const app = await admin.call({ method: 'POST', url: `${V1}/admin/sponsorship/${s.id}/logo/approve` });
    expect(app.statusCode, app.body).toBe(200);
    expect(app.json().data.logoStatus).toBe('approved');
    const none = await insertUnit(t.db, { opportunityId: o.id, campaignId, organizationId: tree.team.id });
    const nothing = await admin.call({ method: 'POST', url: `${V1}/admin/sponsorship/${none.id}/logo/approve` });
    expect(nothing.statusCode).toBe(409);
  });
});

describe('offline units', () => {
  const offline = (opportunityId: number, extra: Record<string, unknown> = {}) => ({
    opportunityId,
    firstName: 'Carla',
    lastName: 'Cheque',
    email: `carla-${Math.random().toString(36).slice(2)}@example.test`,
    businessName: 'Carla Hardware',
    reference: 'Cheque 1042',
    receivedOn: '2026-11-20',
    ...extra,
  });

  it('records a paid unit: a completed offline sponsor payment, booked like an offline gift, receipted', async () => {
    const o = await insertOpportunity(t.db, { organizationId: tree.team.id, campaignId, price: 30000, fmv: 5000 });
    const b = offline(o.id);
    const res = await admin.call({ method: 'POST', url: `${V1}/admin/sponsorship/offline`, payload: b });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({ status: 'paid', method: 'offline', priceCents: 30000, deductibleCents: 25000 });
    const d = await firstRow<Record<string, unknown>>(
      t.db,
      sql`select d.kind, d.method, d.status, d.amount_cents, d.offline_reference, d.campaign_id, d.receipt_number is not null as receipted,
          (select count(*) from donors x where x.id = d.donor_id and x.email = ${b.email})::int as donor,
          (select coalesce(sum(amount_cents), 0) from ledger_entries e join ledger_transactions lt on lt.id = e.transaction_id
          where lt.donation_id = d.id and e.amount_cents > 0)::int as booked
        from donations d where d.id = ${s.donationId}`,
    );
    expect(d).toEqual({
      kind: 'sponsor',
      method: 'offline',
      status: 1,
      amount_cents: 30000,
      offline_reference: 'Cheque 1042',
      campaign_id: campaignId,
      receipted: true,
      donor: 1,
      booked: 30000,
    });
    expect((await outboxFor(t.db, b.email)).length).toBe(1);
  });

  it('refuses an inactive opportunity and a sold-out one (409 SPONSORSHIP_SOLD_OUT); nothing written', async () => {
    const draft = await insertOpportunity(t.db, { organizationId: tree.team.id, campaignId, status: 'draft' });
    const before = await count('donations');
    const r1 = await admin.call({ method: 'POST', url: `${V1}/admin/sponsorship/offline`, payload: offline(draft.id) });
    expect(r1.statusCode).toBe(409);
    const full = await insertOpportunity(t.db, { organizationId: tree.team.id, campaignId, quantity: 1 });
    await insertUnit(t.db, { opportunityId: full.id, campaignId, organizationId: tree.team.id, status: 'held' });
    const before2 = await count('donations');
    const r2 = await admin.call({ method: 'POST', url: `${V1}/admin/sponsorship/offline`, payload: offline(full.id) });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().code).toBe('SPONSORSHIP_SOLD_OUT');
    expect(await count('donations')).toBe(before2);
    expect(before2).toBe(before + 1);
  });

  it('10 concurrent offline units for 3 left: exactly 3 recorded', async () => {
    const o = await insertOpportunity(t.db, { organizationId: tree.team.id, campaignId, quantity: 3 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.call({ method: 'POST', url: `${V1}/admin/sponsorship/offline`, payload: offline(o.id) }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBe(3);
    expect(codes.filter((c) => c === 409).length).toBe(7);
    const n = await firstRow<{ n: number; d: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct donation_id)::int as d from sponsorships
        where opportunity_id = ${o.id} and status = 'paid'`,
    );
    expect(n).toEqual({ n: 3, d: 3 });
  }, 60_000);
});
