/**
 * A donation with what every donor-facing page and email shows about it (campaign, organization,
 * player, fee request), and the receipt email. Receipts go in the donor's language on completion
 * (claimed once by the state machine and stored in the outbox by the completing transaction) and
 * again on request.
 */
import { publicPlayerName } from '@fc/contracts';
import type { Queryable, Tx } from '@fc/db';
import { rows } from '@fc/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renderReceipt } from './emails.js';
import { renderSponsorReceipt, sponsorReceiptFacts } from './sponsor-receipt.js';
import { logEvent, receiptNumberSql } from './state.js';

export interface DonationFacts {
  id: number;
  public_id: string;
  kind: 'gift' | 'fee' | 'sponsor';
  status: number;
  method: 'card' | 'offline';
  provider: string | null;
  amount_cents: number;
  cover_fee_cents: number;
  refunded_cents: number;
  refunded_fee_cents: number;
  payment_intent_id: string | null;
  client_secret: string | null;
  intent_status: string | null;
  donor_first_name: string;
  donor_email: string;
  anonymous: boolean;
  language: string;
  receipt_number: string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  reminder_sent_at: Date | string | null;
  /** Null only for a node's sponsorship payment (kind `sponsor`, decision 019). */
  campaign_slug: string | null;
  campaign_title: string | null;
  campaign_status: string | null;
  org_name: string;
  org_logo: string | null;
  cf_slug: string | null;
  player_first: string | null;
  player_last: string | null;
  player_full: boolean | null;
  fee_label: string | null;
}

/**
 * The donations matching `where` (over alias `d`) with their context. `completing`: their rows are
 * written later in this transaction (state.ts settleCompletion), so the receipt number and the
 * completion time are the ones it will write.
 */
export async function donationFacts(db: Queryable, where: SQL, completing = false): Promise<DonationFacts[]> {
  const receipt = completing ? sql`coalesce(d.receipt_number, ${receiptNumberSql('d')})` : sql`d.receipt_number`;
  const completedAt = completing ? sql`coalesce(d.completed_at, now())` : sql`d.completed_at`;
  return rows<DonationFacts>(
    db,
    sql`select d.id, d.public_id, d.kind, d.status, d.method, d.provider, d.amount_cents, d.cover_fee_cents,
        d.refunded_cents, d.refunded_fee_cents, d.payment_intent_id, d.client_secret, d.intent_status, d.donor_first_name, d.donor_email, d.anonymous,
        d.language, ${receipt} as receipt_number, ${completedAt} as completed_at, d.created_at, d.reminder_sent_at,
        c.slug as campaign_slug, c.title as campaign_title, c.status as campaign_status,
        o.name as org_name, o.logo_url as org_logo,
        cf.slug as cf_slug, pl.first_name as player_first, pl.last_name as player_last, pl.show_full_name as player_full,
        fr.label as fee_label
      from donations d
      left join campaigns c on c.id = d.campaign_id
      join organizations o on o.id = d.organization_id
      left join campaign_fundraisers cf on cf.id = d.campaign_fundraiser_id
      left join players pl on pl.id = cf.player_id
      left join fee_requests fr on fr.id = d.fee_request_id
      where ${where}`,
  );
}

/** The player's public name (first name and last initial unless the parent chose otherwise). */
export const playerNameOf = (f: Pick<DonationFacts, 'player_first' | 'player_last' | 'player_full'>) =>
  f.player_first === null
    ? null
    : publicPlayerName({
        firstName: f.player_first,
        lastName: f.player_last ?? '',
        showFullName: f.player_full === true,
      });

/**
 * Stores the receipt email of a paid donation in the mail outbox inside the caller's transaction
 * (`app.mail.enqueue`), with its `receipt_sent` event, and returns the email's id for `deliver`
 * after the commit; null when it was never paid. The completing transaction calls this, so the
 * completion, its receipt claim (`receipt_sent_at`) and the receipt commit together: a crash after
 * the commit cannot lose it (SMTP delivery is retried by any instance's job). A refunded one (3) is
 * paid too: when the provider's full refund arrives before its success, the completion that
 * claimed the receipt and the refund commit together, and the receipt must still go, as it does
 * when the success arrives first (RELIABILITY row 9: the effects do not depend on the order).
 * `completing`: this transaction completed it and writes its status last (state.ts completeCard).
 */
export async function enqueueReceipt(
  app: FastifyInstance,
  tx: Tx,
  donationId: number,
  actorUserId: number | null = null,
  completing = false,
): Promise<number | null> {
  const paid = completing ? sql`true` : sql`d.status in (1, 3)`;
  const [f] = await donationFacts(tx, sql`d.id = ${donationId} and ${paid}`, completing);
  if (!f?.receipt_number) return null;
  const link = `${app.env.PUBLIC_URL}/donations/${f.public_id}/thank-you`;
  let mail: { subject: string; text: string; html: string };
  if (f.kind === 'sponsor') {
    // A sponsorship's receipt (decision 019): none when its unit was not kept (refunded instead).
    const sponsor = await sponsorReceiptFacts(tx, f.id);
    if (sponsor?.status !== 'paid') return null;
    mail = renderSponsorReceipt({
      language: f.language,
      donorFirstName: f.donor_first_name,
      receiptNumber: f.receipt_number,
      organizationName: f.org_name,
      method: f.method,
      date: new Date(f.completed_at ?? f.created_at),
      link,
      sponsor,
    });
  } else
    mail = renderReceipt({
      language: f.language,
      donorFirstName: f.donor_first_name,
      receiptNumber: f.receipt_number,
      amountCents: f.amount_cents,
      coverFeeCents: f.cover_fee_cents,
      organizationName: f.org_name,
      campaignTitle: f.campaign_title ?? f.org_name,
      playerName: playerNameOf(f),
      feeLabel: f.kind === 'fee' ? f.fee_label : null,
      method: f.method,
      date: new Date(f.completed_at ?? f.created_at),
      link,
    });
  const emailId = await app.mail.enqueue(tx, {
    to: f.donor_email,
    ...mail,
    template: f.kind === 'sponsor' ? 'sponsorship-receipt' : 'donation-receipt',
    meta: { donationId: f.id, receiptNumber: f.receipt_number },
  });
  await logEvent(tx, f.id, 'receipt_sent', `Receipt ${f.receipt_number} emailed.`, null, actorUserId);
  return emailId;
}

/**
 * After the commit that stored them: SMTP delivers the receipts now. A failure here loses nothing
 * (the message is in the outbox and any instance's job retries it), so it is logged, not thrown:
 * the change that was committed must not be reported as failed.
 */
export async function deliverReceipts(app: FastifyInstance, emailIds: readonly (number | null)[]) {
  const ids = emailIds.filter((id): id is number => id !== null);
  if (!ids.length) return;
  try {
    await app.mail.deliver(ids);
  } catch (err) {
    app.log.error({ err, emailIds: ids }, 'receipt delivery after the commit failed; the outbox job retries it');
  }
}

/**
 * Emails the receipt of a paid donation again (a re-send, or an offline gift recorded earlier):
 * stored in its own transaction, then delivered. Returns false when it was never paid.
 */
export async function sendReceipt(app: FastifyInstance, donationId: number, actorUserId: number | null = null) {
  const emailId = await app.db.transaction((tx) => enqueueReceipt(app, tx, donationId, actorUserId));
  if (emailId === null) return false;
  await deliverReceipts(app, [emailId]);
  return true;
}
