/**
 * SQL of the public checkout (checkout.service.ts and cart.service.ts decide; this only queries):
 * what a checkout pays, the donor record, the pending donation and its intent, and a resumed
 * cart's campaign and amounts.
 */
import { type createDonationBodySchema, DONATION_STATUS } from '@fc/contracts';
import { type Db, firstRow, idempotentRetried, rows, type Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';

export interface Target {
  campaign_id: number;
  campaign_slug: string;
  campaign_title: string;
  campaign_status: string;
  start_date: string | null;
  end_date: string | null;
  organization_id: number;
  org_name: string;
  org_logo: string | null;
  cf_id: number | null;
  cf_slug: string | null;
  division_id: number | null;
  player_first: string | null;
  player_last: string | null;
  player_full: boolean | null;
  player_avatar: string | null;
  fee_id: number | null;
  fee_label: string | null;
  fee_amount: number | null;
  fee_due: string | null;
}

export interface TargetQuery {
  campaign?: string | undefined;
  fundraiser?: string | undefined;
  feeRequestId?: number | undefined;
}

const TARGET_SELECT = sql`select c.id as campaign_id, c.slug as campaign_slug, c.title as campaign_title,
    c.status as campaign_status, c.start_date::text as start_date, c.end_date::text as end_date,
    c.organization_id, o.name as org_name, o.logo_url as org_logo`;

/** The campaign, player page or fee request a checkout pays; drafts are not found. */
export function findTarget(db: Db, t: TargetQuery): Promise<Target | undefined> {
  const none = sql`null::int as cf_id, null::text as cf_slug, null::int as division_id, null::text as player_first,
    null::text as player_last, null::boolean as player_full, null::text as player_avatar`;
  const noFee = sql`null::int as fee_id, null::text as fee_label, null::int as fee_amount, null::text as fee_due`;
  if (t.fundraiser !== undefined)
    return firstRow<Target>(
      db,
      sql`${TARGET_SELECT}, cf.id as cf_id, cf.slug as cf_slug, cf.division_id, pl.first_name as player_first,
          pl.last_name as player_last, pl.show_full_name as player_full, pl.avatar_url as player_avatar, ${noFee}
        from campaign_fundraisers cf join campaigns c on c.id = cf.campaign_id
        join organizations o on o.id = c.organization_id join players pl on pl.id = cf.player_id
        where cf.slug = ${t.fundraiser} and c.status <> 'draft'`,
    );
  if (t.feeRequestId !== undefined)
    return firstRow<Target>(
      db,
      sql`${TARGET_SELECT}, ${none}, fr.id as fee_id, fr.label as fee_label, fr.amount_cents as fee_amount,
          fr.due_date::text as fee_due
        from fee_requests fr join campaigns c on c.id = fr.campaign_id join organizations o on o.id = c.organization_id
        where fr.id = ${t.feeRequestId} and c.status <> 'draft'`,
    );
  return firstRow<Target>(
    db,
    sql`${TARGET_SELECT}, ${none}, ${noFee}
      from campaigns c join organizations o on o.id = c.organization_id
      where c.slug = ${t.campaign ?? ''} and c.status <> 'draft'`,
  );
}

/** The players of a family (guardian `userId`) on the campaign, by first name. */
export async function familyPlayers(db: Db, userId: number, campaignId: number) {
  const found = await rows<{ slug: string; first_name: string; last_name: string }>(
    db,
    sql`select cf.slug, pl.first_name, pl.last_name from campaign_fundraisers cf join players pl on pl.id = cf.player_id
      where cf.campaign_id = ${campaignId} and pl.guardian_user_id = ${userId} order by pl.first_name, pl.id`,
  );
  return found.map((r) => ({ slug: r.slug, name: `${r.first_name} ${r.last_name}` }));
}

/** The player page `slug` on the campaign if it is of the family of `userId`. */
export const familyPage = (db: Db, slug: string, campaignId: number, userId: number) =>
  firstRow<{ id: number; division_id: number | null }>(
    db,
    sql`select cf.id, cf.division_id from campaign_fundraisers cf join players pl on pl.id = cf.player_id
      where cf.slug = ${slug} and cf.campaign_id = ${campaignId} and pl.guardian_user_id = ${userId}`,
  );

/** The invited contact behind a tracking token, if it belongs to this player page. */
export async function contactOf(db: Db, trackToken: string, campaignFundraiserId: number) {
  const c = await firstRow<{ id: number }>(
    db,
    sql`select fc.id from fundraiser_contacts fc join campaign_fundraisers cf
        on cf.player_id = fc.player_id and cf.campaign_id = fc.campaign_id
      where fc.track_token = ${trackToken} and cf.id = ${campaignFundraiserId}`,
  );
  return c?.id ?? null;
}

/**
 * The donor record for an email (one per email); a signed-in donor giving with their own email is
 * linked. One upsert that gives the same row however often it runs: run again on a lost connection.
 */
export async function donorIdFor(
  db: Db,
  b: { email: string; firstName: string; lastName: string },
  userId: number | null,
) {
  const [row] = await idempotentRetried(() =>
    rows<{ id: number }>(
      db,
      sql`insert into donors (email, first_name, last_name, user_id) values (${b.email}, ${b.firstName}, ${b.lastName}, ${userId})
        on conflict (email) do update set user_id = coalesce(donors.user_id, excluded.user_id), updated_at = now()
        returning id`,
    ),
  );
  return row!.id;
}

/** The donation of a public id, if it exists (whether a checkout's transaction committed). */
export async function donationIdOf(db: Db, publicId: string): Promise<number | undefined> {
  return (await firstRow<{ id: number }>(db, sql`select id from donations where public_id = ${publicId}`))?.id;
}

/** A started card donation (pending). */
/** What a pending payment records of its payer (a gift's checkout body, or a sponsorship's buyer). */
export type PendingBody = Pick<
  z.output<typeof createDonationBodySchema>,
  'amountCents' | 'firstName' | 'lastName' | 'email' | 'anonymous' | 'message' | 'language'
>;

export interface PendingFields {
  publicId: string;
  kind: 'gift' | 'fee' | 'sponsor';
  /** Null only for a node's sponsorship (decision 019). */
  campaignId: number | null;
  campaignFundraiserId: number | null;
  organizationId: number;
  divisionId: number | null;
  feeRequestId: number | null;
  contactId: number | null;
  donorId: number;
  coverFeeCents: number;
  provider: string;
  userId: number | null;
}

export async function insertPending(tx: Tx, body: PendingBody, d: PendingFields): Promise<number> {
  const [created] = await rows<{ id: number }>(
    tx,
    sql`insert into donations (public_id, kind, campaign_id, campaign_fundraiser_id,
      organization_id, division_id, fee_request_id, contact_id, donor_id, amount_cents, cover_fee_cents, status,
      method, provider, donor_user_id, donor_first_name, donor_last_name, donor_email, anonymous, message, language)
    values (${d.publicId}, ${d.kind}, ${d.campaignId}, ${d.campaignFundraiserId}, ${d.organizationId},
      ${d.divisionId}, ${d.feeRequestId}, ${d.contactId}, ${d.donorId}, ${body.amountCents}, ${d.coverFeeCents},
      ${DONATION_STATUS.pending}, 'card', ${d.provider}, ${d.userId}, ${body.firstName}, ${body.lastName}, ${body.email},
      ${body.anonymous}, ${body.message || null}, ${body.language})
    returning id`,
  );
  return created!.id;
}

/** The intent could not be opened: a pending attempt without one fails on the platform's side. */
export async function failIntentOpening(tx: Tx, id: number, message: string) {
  await tx.execute(sql`update donations set status = ${DONATION_STATUS.failed}, failure_source = 'platform',
    failure_code = 'provider_unavailable', failure_message = ${message.slice(0, 300)}, updated_at = now()
    where id = ${id} and payment_intent_id is null and status = ${DONATION_STATUS.pending}`);
}

/** Stores the donation's intent once; true when this call stored it. */
export async function storeIntent(tx: Tx, id: number, pi: { id: string; clientSecret: string; status: string }) {
  const stored = await rows(
    tx,
    sql`update donations set payment_intent_id = ${pi.id}, client_secret = ${pi.clientSecret},
      intent_status = coalesce(intent_status, ${pi.status}), updated_at = now()
    where id = ${id} and (payment_intent_id is null or payment_intent_id = ${pi.id}) and client_secret is null
    returning id`,
  );
  return stored.length > 0;
}

/** A campaign's status and dates (whether it takes donations) and title. */
export const campaignWindow = (tx: Tx, campaignId: number) =>
  firstRow<{ status: string; start_date: string | null; end_date: string | null; title: string }>(
    tx,
    sql`select status, start_date::text as start_date, end_date::text as end_date, title
      from campaigns where id = ${campaignId}`,
  );

/** How many times the donor changed the amount of this donation. */
export const amountChanges = async (tx: Tx, donationId: number) =>
  (
    await firstRow<{ n: number }>(
      tx,
      sql`select count(*)::int as n from donation_events where donation_id = ${donationId} and kind = 'amount_changed'`,
    )
  )?.n ?? 0;

export async function setAmounts(tx: Tx, donationId: number, amountCents: number, coverFeeCents: number) {
  await tx.execute(sql`update donations set amount_cents = ${amountCents}, cover_fee_cents = ${coverFeeCents},
    updated_at = now() where id = ${donationId}`);
}
