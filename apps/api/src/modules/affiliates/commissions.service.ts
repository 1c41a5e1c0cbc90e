/**
 * Commissions (decision 018 "Money", "States", "Gifts", "Teams"): one conversion per approved team
 * registration and one per completed gift, each created by an `insert … on conflict do nothing`
 * on its unique record id, so a replayed or concurrent event credits once. Every function runs in
 * the caller's transaction, with the registration or donation row already locked by the caller.
 *
 * A gift whose commission floors to 0 cents is still recorded: it is a conversion (it counts in
 * the funnel and the affiliate sees the gift), it simply earns nothing.
 */
import { DONATION_STATUS } from '@fc/contracts';
import { firstRow, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';

type Kind = 'gift' | 'team';

interface ProgramTerms {
  id: number;
  gift_share_bps: number;
  team_flat_cents: number;
  team_qualify_cents: number;
  due_days: number;
}

/** floor(kept × PLATFORM_FEE_BPS × share / 100 000 000), exact for any amount (BigInt). */
export function giftCommissionCents(keptCents: number, feeBps: number, shareBps: number): number {
  if (keptCents <= 0) return 0;
  return Number((BigInt(keptCents) * BigInt(feeBps) * BigInt(shareBps)) / 100_000_000n);
}

/** The affiliate's accepted program with a non-zero term for `kind`; among several, the most recently accepted. */
export async function programFor(tx: Tx, affiliateId: number, kind: Kind): Promise<ProgramTerms | null> {
  const term = kind === 'gift' ? sql`p.gift_share_bps > 0` : sql`p.team_flat_cents > 0`;
  return (
    (await firstRow<ProgramTerms>(
      tx,
      sql`select p.id, p.gift_share_bps, p.team_flat_cents, p.team_qualify_cents, p.due_days
        from affiliate_offers o join affiliate_programs p on p.id = o.program_id
        where o.affiliate_id = ${affiliateId} and o.status = 'accepted' and ${term}
        order by o.accepted_at desc nulls last, o.id desc limit 1`,
    )) ?? null
  );
}

interface AffiliateRow {
  id: number;
  email: string;
  user_id: number | null;
}

const activeAffiliate = async (tx: Tx, id: number) =>
  (await firstRow<AffiliateRow>(
    tx,
    sql`select id, email, user_id from affiliates where id = ${id} and status = 'active'`,
  )) ?? null;

/** Self-referral: the person is the affiliate (same e-mail, or the affiliate's own account). */
const isSelf = (a: AffiliateRow, email: string | null, userId: number | null) =>
  (email != null && email.trim().toLowerCase() === a.email.toLowerCase()) || (userId != null && userId === a.user_id);

/** The nearest ancestor-or-self of `organizationId` attached to an active affiliate, with its override. */
async function organizationAffiliate(tx: Tx, organizationId: number) {
  return firstRow<{ affiliate_id: number; override: number | null }>(
    tx,
    sql`with recursive up (id, parent_id, depth) as (
        select id, parent_id, 0 from organizations where id = ${organizationId}
        union all
        select o.id, o.parent_id, up.depth + 1 from organizations o join up on o.id = up.parent_id where up.depth < 20
      )
      select oa.affiliate_id, oa.gift_share_bps_override as override
      from up join organization_affiliates oa on oa.organization_id = up.id
      join affiliates a on a.id = oa.affiliate_id and a.status = 'active'
      order by up.depth limit 1`,
  );
}

interface GiftRow {
  id: number;
  kind: string;
  method: string;
  status: number;
  amount_cents: number;
  refunded_cents: number;
  organization_id: number;
  affiliate_click_id: number | null;
  donor_email: string;
  donor_user_id: number | null;
}

const keptOf = (d: GiftRow) => Math.max(0, d.amount_cents - d.refunded_cents);

/**
 * Credits a completed gift (called where a completion is applied: provider events, the sandbox and
 * server-side retrieves all go through `completeCard`'s callers). The donation's click wins when
 * its affiliate is active and has a gift program; else the affiliate of the gift's organization or
 * its nearest ancestor (with the organization's share override). Card gifts only: fee-request
 * payments and offline gifts earn nothing. Replays insert nothing. `completing`: the caller completed
 * it in this transaction (its status may be written last, donations' completeCard).
 */
export async function creditGift(tx: Tx, donationId: number, feeBps: number, completing = false): Promise<boolean> {
  const d = await firstRow<GiftRow>(
    tx,
    sql`select id, kind, method, status, amount_cents, refunded_cents, organization_id, affiliate_click_id,
        donor_email, donor_user_id from donations where id = ${donationId}`,
  );
  if (d?.kind !== 'gift' || d.method !== 'card') return false;
  if (!completing && d.status !== DONATION_STATUS.completed && d.status !== DONATION_STATUS.refunded) return false;
  let credit: {
    affiliate: AffiliateRow;
    program: ProgramTerms;
    share: number;
    source: 'link' | 'organization';
  } | null = null;
  if (d.affiliate_click_id !== null) {
    const click = await firstRow<{ affiliate_id: number }>(
      tx,
      sql`select affiliate_id from affiliate_clicks where id = ${d.affiliate_click_id}`,
    );
    const affiliate = click ? await activeAffiliate(tx, click.affiliate_id) : null;
    const program = affiliate ? await programFor(tx, affiliate.id, 'gift') : null;
    if (affiliate && program) credit = { affiliate, program, share: program.gift_share_bps, source: 'link' };
  }
  if (!credit) {
    const attached = await organizationAffiliate(tx, d.organization_id);
    const affiliate = attached ? await activeAffiliate(tx, attached.affiliate_id) : null;
    const program = affiliate ? await programFor(tx, affiliate.id, 'gift') : null;
    if (affiliate && program)
      credit = { affiliate, program, share: attached!.override ?? program.gift_share_bps, source: 'organization' };
  }
  if (!credit || isSelf(credit.affiliate, d.donor_email, d.donor_user_id)) return false;
  const kept = keptOf(d);
  const inserted = await firstRow<{ id: number }>(
    tx,
    sql`insert into affiliate_conversions (affiliate_id, program_id, kind, source, donation_id, organization_id,
        click_id, base_cents, commission_cents, status, qualified_at, due_at)
      values (${credit.affiliate.id}, ${credit.program.id}, 'gift', ${credit.source}, ${d.id}, ${d.organization_id},
        ${credit.source === 'link' ? d.affiliate_click_id : null}, ${kept},
        ${giftCommissionCents(kept, feeBps, credit.share)}, 'pending', now(),
        now() + make_interval(days => ${credit.program.due_days}))
      on conflict (donation_id) do nothing returning id`,
  );
  return inserted !== undefined;
}

/**
 * The share a gift conversion is computed with now: the override of the organization attachment
 * it came through (still attached to this affiliate), else the program's share.
 */
async function shareOf(
  tx: Tx,
  c: { source: string; organization_id: number | null; affiliate_id: number; program_id: number },
) {
  if (c.source === 'organization' && c.organization_id !== null) {
    const attached = await firstRow<{ override: number | null }>(
      tx,
      sql`with recursive up (id, parent_id, depth) as (
          select id, parent_id, 0 from organizations where id = ${c.organization_id}
          union all
          select o.id, o.parent_id, up.depth + 1 from organizations o join up on o.id = up.parent_id where up.depth < 20
        )
        select oa.gift_share_bps_override as override from up
        join organization_affiliates oa on oa.organization_id = up.id and oa.affiliate_id = ${c.affiliate_id}
        order by up.depth limit 1`,
    );
    if (attached?.override != null) return attached.override;
  }
  const p = await firstRow<{ bps: number }>(
    tx,
    sql`select gift_share_bps as bps from affiliate_programs where id = ${c.program_id}`,
  );
  return p?.bps ?? 0;
}

/**
 * Recomputes a gift's commission from its kept amount after a refund (decision 018 "States"): a
 * pending or approved one is lowered, or voided (`refunded`) when nothing is kept; on a paid one
 * the commission stays what was paid and the difference is the clawback (`clawback_cents =
 * commission − earned now`), taken off the next payment. A clawback already settled that grows
 * again is folded: the settled part comes off the paid amount and the rest opens as a new clawback.
 * Deterministic from the donation's state, so a replayed refund changes nothing.
 */
export async function recomputeGift(tx: Tx, donationId: number, feeBps: number): Promise<void> {
  const c = await firstRow<{
    id: number;
    status: string;
    source: string;
    organization_id: number | null;
    affiliate_id: number;
    program_id: number;
    commission_cents: number;
    clawback_cents: number;
    clawback_settled_at: Date | null;
  }>(tx, sql`select * from affiliate_conversions where donation_id = ${donationId} for update`);
  if (!c || c.status === 'voided') return;
  const d = await firstRow<GiftRow>(
    tx,
    sql`select id, kind, method, status, amount_cents, refunded_cents, organization_id, affiliate_click_id,
        donor_email, donor_user_id from donations where id = ${donationId}`,
  );
  if (!d) return;
  const kept = keptOf(d);
  const full = kept === 0 || d.status === DONATION_STATUS.refunded;
  const earned = full ? 0 : giftCommissionCents(kept, feeBps, await shareOf(tx, c));
  const voided = full ? sql`status = 'voided', voided_at = now(), void_reason = 'refunded',` : sql``;
  if (c.status !== 'paid') {
    // A voided unpaid commission keeps its figure (what the refund took away) for the history.
    const commission = full ? c.commission_cents : Math.min(c.commission_cents, earned);
    await tx.execute(sql`update affiliate_conversions set ${voided} base_cents = ${kept},
        commission_cents = ${commission}, updated_at = now() where id = ${c.id}`);
    return;
  }
  let commission = c.commission_cents;
  let settled = c.clawback_settled_at;
  if (settled && commission - earned > c.clawback_cents) {
    commission -= c.clawback_cents;
    settled = null;
  }
  const clawback = settled ? c.clawback_cents : Math.max(0, commission - earned);
  await tx.execute(sql`update affiliate_conversions set ${voided} base_cents = ${kept},
      commission_cents = ${commission}, clawback_cents = ${clawback}, clawback_settled_at = ${settled},
      updated_at = now() where id = ${c.id}`);
}

/**
 * After a completion or a refund was applied to a locked donation: a gift completed by this call is
 * credited (once), then its commission follows its refunds. A refund alone never creates a
 * conversion (the affiliate's state at completion decided).
 */
export async function syncGiftCommission(
  tx: Tx,
  donationId: number,
  feeBps: number,
  change: { completed: boolean; refunded: boolean },
): Promise<void> {
  if (change.completed) await creditGift(tx, donationId, feeBps, true);
  if (change.completed || change.refunded) await recomputeGift(tx, donationId, feeBps);
}
