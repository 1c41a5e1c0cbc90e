/**
 * The gift-side helpers of the affiliates money suites: a checkout carrying the visitor cookie,
 * a paid gift, a staff refund, the payment call, and an affiliate with a fresh click.
 */
import { randomBytes } from 'node:crypto';
import type { DonationCheckout } from '@fc/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { affiliate, click, cookie, one, program, visitor } from './affiliates-money-support.js';
import type { actor, TestApp } from './helpers.js';
import { donationRow, type GivingWorld, payWith, someIp, V1 } from './payments-support.js';

export function moneyKit(t: TestApp, w: GivingWorld, sa: Awaited<ReturnType<typeof actor>>) {
  async function checkout(
    target: { campaign?: string; feeRequestId?: number },
    o: { v?: string; amountCents?: number; email?: string; coverFee?: boolean } = {},
  ): Promise<DonationCheckout> {
    const res = await t.app.inject({
      method: 'POST',
      url: `${V1}/public/donations`,
      remoteAddress: someIp(),
      headers: o.v ? cookie(o.v) : {},
      payload: {
        ...target,
        amountCents: o.amountCents ?? 2500,
        coverFee: o.coverFee ?? false,
        firstName: 'Dana',
        lastName: 'Giver',
        email: o.email ?? `giver-${randomBytes(4).toString('hex')}@example.test`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DonationCheckout;
  }
  async function give(o: Parameters<typeof checkout>[1] & { campaign?: string } = {}) {
    const c = await checkout({ campaign: o.campaign ?? w.campaign.slug }, o);
    const res = await payWith(t, c.donationId);
    expect(res.statusCode, res.body).toBe(200);
    const row = await donationRow(t.db, c.donationId);
    return { c, id: Number(row.id), intent: String(row.payment_intent_id), row };
  }
  const refund = (id: number, amountCents: number) =>
    sa.call({
      method: 'POST',
      url: `${V1}/donation/${id}/refund`,
      payload: { amountCents, reason: 'Asked by the donor', requestKey: `r-${randomBytes(4).toString('hex')}` },
    });
  const conversionOf = (donationId: number) =>
    one<{
      id: number;
      affiliate_id: number;
      status: string;
      source: string;
      commission_cents: number;
      base_cents: number;
      clawback_cents: number;
      clawback_settled_at: Date | null;
      void_reason: string | null;
      click_id: number | null;
    }>(t.db, sql`select * from affiliate_conversions where donation_id = ${donationId}`);
  const countFor = async (donationId: number) =>
    (await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from affiliate_conversions where donation_id = ${donationId}`,
    ))!.n;
  const pay = (affiliateId: number, body: Record<string, unknown>) =>
    sa.call({ method: 'POST', url: `${V1}/affiliate/${affiliateId}/commissions/pay`, payload: body });
  const approveAll = (affiliateId: number) =>
    t.db.execute(sql`update affiliate_conversions set status = 'approved', approved_at = now()
    where affiliate_id = ${affiliateId} and status = 'pending'`);

  /** An active affiliate with a gift program and a fresh visitor who clicked their link. */
  async function linked(share = 1000, extra: Parameters<typeof program>[1] = {}) {
    const p = await program(t.db, { giftShareBps: share, ...extra });
    const a = await affiliate(t.db, { programs: [p] });
    const v = visitor();
    const clickId = await click(t.db, a.id, v, 1, '/c/gift');
    return { a, v, clickId, p };
  }

  return { checkout, give, refund, conversionOf, countFor, pay, approveAll, linked };
}
