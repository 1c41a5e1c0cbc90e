/**
 * Issue 17, sponsors (decision 019): the staff's list by filter with a summary over the whole node
 * equal to SQL, the CSV with its money columns, and logo decisions (a rejection's reason stored
 * and e-mailed to the buyer in their language). Held and released units are never listed.
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
