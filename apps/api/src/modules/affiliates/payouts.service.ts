/**
 * Payout requests and commission payments (decision 018): the affiliate asks for the payable
 * balance (at least the program's minimum, one open request at a time); a platform administrator
 * records a payment with a reference, in one transaction with the affiliate's row locked, so two
 * payments at once pay each commission once; or declines the request with a reason (stored, and
 * e-mailed to the affiliate in their language).
 */
import type { PayoutRequest } from '@fc/contracts';
import { firstRow, rows } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import { inIdList } from '../../lib/id-array.js';
import type { Principal } from '../../types.js';
import { assertManagesAffiliates } from './affiliates.access.js';
import { readableAffiliate } from './conversions.access.js';
import { renderPayoutDeclined } from './payouts.emails.js';
import { balancesFor, payoutRequestOf } from './payouts.repository.js';

const missing = () => new AppError(404, 'AFFILIATE_NOT_FOUND', 'This affiliate was not found.');

export async function requestPayout(
  app: FastifyInstance,
  p: Principal,
  affiliateId: number,
  body: { note?: string | null | undefined },
): Promise<PayoutRequest> {
  const scope = await readableAffiliate(app, p, affiliateId);
  if (scope.kind !== 'own') throw forbidden('Only the affiliate can ask to be paid.');
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`select id from affiliates where id = ${affiliateId} for update`);
    const open = await firstRow(
      tx,
      sql`select id from affiliate_payout_requests where affiliate_id = ${affiliateId} and status = 'requested'`,
    );
    if (open)
      throw conflict('PAYOUT_REQUEST_OPEN', 'A payout request is already open: wait until it is paid or declined.');
    const b = await balancesFor(tx, affiliateId);
    if (b.payableCents <= 0 || b.payableCents < b.minPayoutCents)
      throw conflict(
        'PAYOUT_BELOW_MINIMUM',
        b.payableCents <= 0
          ? 'There is nothing payable yet.'
          : `The payable balance is below the minimum payout of ${(b.minPayoutCents / 100).toFixed(2)}.`,
      );
    const row = await firstRow<Parameters<typeof payoutRequestOf>[0]>(
      tx,
      sql`insert into affiliate_payout_requests (affiliate_id, amount_cents, note)
        values (${affiliateId}, ${b.payableCents}, ${body.note?.trim() || null})
        returning id, amount_cents, status, note, reference, created_at, resolved_at`,
    );
    return payoutRequestOf(row!);
  });
}

export async function payCommissions(
  app: FastifyInstance,
  p: Principal,
  affiliateId: number,
  body: { reference: string; conversionIds?: number[] | undefined },
) {
  assertManagesAffiliates(p);
  return app.db.transaction(async (tx) => {
    const [a] = await rows<{ id: number }>(tx, sql`select id from affiliates where id = ${affiliateId} for update`);
    if (!a) throw missing();
    let ids: number[];
    if (body.conversionIds) {
      const wanted = [...new Set(body.conversionIds)];
      const ok = await rows<{ id: number }>(
        tx,
        sql`select id from affiliate_conversions where affiliate_id = ${affiliateId} and status = 'approved'
          and ${inIdList(sql`id`, wanted)}`,
      );
      const found = new Set(ok.map((r) => r.id));
      const bad = wanted.filter((id) => !found.has(id));
      if (bad.length > 0)
        throw conflict(
          'COMMISSIONS_NOT_PAYABLE',
          `These are not approved commissions of this affiliate: ${bad.join(', ')}.`,
          [{ path: 'body.conversionIds', message: `Not payable: ${bad.join(', ')}` }],
        );
      ids = wanted;
    } else {
      ids = (
        await rows<{ id: number }>(
          tx,
          sql`select id from affiliate_conversions where affiliate_id = ${affiliateId} and status = 'approved'`,
        )
      ).map((r) => r.id);
    }
    if (ids.length === 0) throw conflict('NOTHING_TO_PAY', 'This affiliate has no approved commission to pay.');
    const paid = await rows<{ commission_cents: number }>(
      tx,
      sql`update affiliate_conversions set status = 'paid', paid_at = now(), payment_reference = ${body.reference},
          paid_by_user_id = ${p.user.id}, updated_at = now()
        where status = 'approved' and ${inIdList(sql`id`, ids)}
        returning commission_cents`,
    );
    const gross = paid.reduce((s, r) => s + Number(r.commission_cents), 0);
    // Open clawbacks come off this payment, oldest first, as far as the payment covers them.
    const open = await rows<{ id: number; clawback_cents: number }>(
      tx,
      sql`select id, clawback_cents from affiliate_conversions
        where affiliate_id = ${affiliateId} and clawback_cents > 0 and clawback_settled_at is null order by id`,
    );
    let settled = 0;
    const settle: number[] = [];
    for (const c of open) {
      if (settled + c.clawback_cents > gross) break;
      settled += c.clawback_cents;
      settle.push(c.id);
    }
    if (settle.length > 0)
      await tx.execute(sql`update affiliate_conversions set clawback_settled_at = now(), updated_at = now()
        where ${inIdList(sql`id`, settle)}`);
    await tx.execute(sql`update affiliate_payout_requests set status = 'paid', resolved_at = now(),
        resolved_by_user_id = ${p.user.id}, reference = ${body.reference}
      where affiliate_id = ${affiliateId} and status = 'requested'`);
    app.log.info({ affiliateId, paidCount: paid.length, by: p.user.id }, 'affiliate commissions paid');
    return { paidCount: paid.length, paidCents: Math.max(0, gross - settled), clawbackCents: settled };
  });
}

export async function declinePayout(app: FastifyInstance, p: Principal, affiliateId: number, reason: string) {
  assertManagesAffiliates(p);
  const outcome = await app.db.transaction(async (tx) => {
    const a = await firstRow<{ email: string; first_name: string; language: string }>(
      tx,
      sql`select email, first_name, language from affiliates where id = ${affiliateId} for update`,
    );
    if (!a) throw missing();
    const row = await firstRow<Parameters<typeof payoutRequestOf>[0]>(
      tx,
      sql`update affiliate_payout_requests set status = 'declined', resolved_at = now(),
          resolved_by_user_id = ${p.user.id}, reference = null,
          note = concat_ws(chr(10) || chr(10), nullif(note, ''), ${reason}::text)
        where affiliate_id = ${affiliateId} and status = 'requested'
        returning id, amount_cents, status, note, reference, created_at, resolved_at`,
    );
    if (!row) throw conflict('NO_OPEN_PAYOUT_REQUEST', 'This affiliate has no open payout request.');
    const mail = renderPayoutDeclined(a.language === 'es' ? 'es' : 'en', a.first_name, row.amount_cents, reason);
    const emailId = await app.mail.enqueue(tx, {
      to: a.email,
      ...mail,
      template: 'affiliate-payout-declined',
      meta: { affiliateId, payoutRequestId: row.id },
    });
    return { request: payoutRequestOf(row), emailId };
  });
  app.background.run('affiliate-mail', () => app.mail.deliver([outcome.emailId]));
  return outcome.request;
}
