/**
 * Issue 17, offline units (decision 019): a unit paid outside the card flow is a completed offline
 * payment of kind `sponsor` (booked and receipted like an offline gift) and a `paid` sponsorship,
 * taken under the opportunity's lock: never when inactive or sold out, never oversold.
 */
import { firstRow } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign, outboxFor } from './campaigns-support.js';
import { actor, createTestApp, createTree, type TestApp } from './helpers.js';
import { insertOpportunity, insertUnit, V1 } from './sponsorships-support.js';

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

const count = async (table: string) =>
  (await firstRow<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))!.n;

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
    // The sponsor's payment opens in the staff donation detail, as a payment of kind sponsor.
    const detail = await admin.call({ method: 'GET', url: `${V1}/donation/${s.donationId}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.kind).toBe('sponsor');
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
