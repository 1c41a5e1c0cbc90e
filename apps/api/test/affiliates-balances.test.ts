/**
 * balancesOf / conversionTotalsOf (decision 018 "Balances"), the shared figures of the affiliate
 * detail, the dashboard and payouts: random conversions for several affiliates, every figure
 * equal to SQL written here; ids without conversions get zeros.
 */
import { affiliateOffers, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, conversionTotalsOf } from '../src/modules/affiliates/balances.repository.js';
import { insertAffiliate, insertConversion, insertProgram } from './affiliates-support.js';
import { createTestApp, type TestApp } from './helpers.js';
import { seededRandom } from './seeded-random.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('balances', () => {
  it('equal independent SQL sums for every affiliate, zeros for none', async () => {
    const { seed, rand: rnd } = seededRandom('AFFILIATE_BALANCES_SEED');
    console.log(`[issue 16] balances: AFFILIATE_BALANCES_SEED=${seed}`);
    const programs = [
      await insertProgram(t.db, { minPayoutCents: 2500 }),
      await insertProgram(t.db, { minPayoutCents: 5000 }),
    ];
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await insertAffiliate(t.db, i < 3 ? { acceptedProgramId: programs[0]!.id } : {});
      if (i === 1)
        await t.db
          .insert(affiliateOffers)
          .values({ affiliateId: a.id, programId: programs[1]!.id, status: 'accepted' });
      if (i === 2)
        await t.db.insert(affiliateOffers).values({ affiliateId: a.id, programId: programs[1]!.id, status: 'offered' });
      ids.push(a.id);
      for (let k = 0; k < (i === 3 ? 0 : 12); k++) {
        const status = (['pending', 'approved', 'paid', 'voided'] as const)[Math.floor(rnd() * 4)]!;
        const claw = status === 'voided' && rnd() < 0.7 ? Math.floor(rnd() * 5000) : 0;
        await insertConversion(t.db, a.id, programs[0]!.id, {
          status,
          commissionCents: status === 'voided' ? 0 : Math.floor(rnd() * 3000),
          clawbackCents: claw,
          clawbackSettledAt: claw && rnd() < 0.4 ? new Date() : null,
        });
      }
    }
    const got = await balancesOf(t.db, [...ids, 99_999_999]);
    const totals = await conversionTotalsOf(t.db, [...ids, 99_999_999]);
    for (const id of ids) {
      const [s] = await rows<Record<string, unknown>>(
        t.db,
        sql`select
          coalesce(sum(commission_cents) filter (where status = 'pending'), 0)::int as pending,
          coalesce(sum(commission_cents) filter (where status = 'approved'), 0)::int as approved,
          coalesce(sum(commission_cents) filter (where status = 'paid'), 0)::int as paid,
          coalesce(sum(clawback_cents) filter (where clawback_settled_at is null), 0)::int as clawback,
          count(*) filter (where status <> 'voided')::int as n,
          coalesce(sum(commission_cents) filter (where status <> 'voided'), 0)::int as earned,
          (select coalesce(max(p.min_payout_cents), 0)::int from affiliate_offers o
            join affiliate_programs p on p.id = o.program_id where o.affiliate_id = ${id} and o.status = 'accepted') as min
          from affiliate_conversions where affiliate_id = ${id}`,
      );
      const approved = Number(s!.approved);
      const clawback = Number(s!.clawback);
      expect(got.get(id), `affiliate ${id}`).toEqual({
        pendingCents: Number(s!.pending),
        approvedCents: approved,
        paidCents: Number(s!.paid),
        clawbackCents: clawback,
        payableCents: Math.max(0, approved - clawback),
        minPayoutCents: Number(s!.min),
      });
      expect(totals.get(id)).toEqual({ conversions: Number(s!.n), earnedCents: Number(s!.earned) });
    }
    expect(got.get(ids[1]!)!.minPayoutCents).toBe(5000);
    expect(got.get(ids[2]!)!.minPayoutCents).toBe(2500);
    expect(got.get(ids[3]!)).toEqual({
      pendingCents: 0,
      approvedCents: 0,
      paidCents: 0,
      clawbackCents: 0,
      payableCents: 0,
      minPayoutCents: 0,
    });
    expect(got.get(99_999_999)!.payableCents).toBe(0);
    expect(totals.get(99_999_999)).toEqual({ conversions: 0, earnedCents: 0 });
    expect((await balancesOf(t.db, [])).size).toBe(0);
  });
});
