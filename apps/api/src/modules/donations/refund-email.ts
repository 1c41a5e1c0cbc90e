/**
 * The refund email (issue 12: the donor was not told of a refund), in the donor's language like the
 * receipt. It is stored in the outbox by the transaction that raised the donation's refunded level
 * (`applyRefundLevel` answers by how much), so it goes exactly once per refund: a replayed webhook
 * or the processor's event for a refund staff made raises nothing and stores nothing.
 */
import type { Tx } from '@fc/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sentence } from '../../lib/text.js';
import { html, langOf, longDate, oneLine, usd } from './emails.js';
import { donationFacts, playerNameOf } from './receipts.js';

export interface RefundFacts {
  language: string;
  donorFirstName: string;
  receiptNumber: string | null;
  /** This refund, in cents (its share of a covered fee included). */
  refundedCents: number;
  /** Everything refunded of the charge so far, and the charge. */
  totalRefundedCents: number;
  chargeCents: number;
  organizationName: string;
  campaignTitle: string;
  playerName: string | null;
  date: Date;
  link: string;
  /** A sponsorship's payment (kind 'sponsor', decision 019): "your sponsorship of {node}", not a donation. */
  sponsorship?: boolean;
}

export function renderRefund(f: RefundFacts) {
  const lang = langOf(f.language);
  const campaign = oneLine(f.campaignTitle);
  const org = oneLine(f.organizationName);
  const player = f.playerName ? oneLine(f.playerName) : null;
  const full = f.totalRefundedCents >= f.chargeCents;
  const sponsor = f.sponsorship === true;
  if (lang === 'es') {
    const what = sponsor ? `tu patrocinio de ${org}` : `tu donación para ${campaign}`;
    const lines = [
      `Hola ${oneLine(f.donorFirstName)}:`,
      sentence(
        sponsor
          ? `Reembolsamos ${usd(f.refundedCents, 'es')} de ${what}`
          : `Reembolsamos ${usd(f.refundedCents, 'es')} de ${what} (${org})${player ? `, a favor de ${player}` : ''}`,
      ),
      ...(f.receiptNumber ? [`Recibo n.º ${f.receiptNumber} · reembolso del ${longDate(f.date, 'es')}`] : []),
      full
        ? `Se reembolsó el total cobrado: ${usd(f.chargeCents, 'es')}.`
        : `Reembolsado hasta ahora: ${usd(f.totalRefundedCents, 'es')} de ${usd(f.chargeCents, 'es')} cobrados.`,
      'El reembolso vuelve a la tarjeta con la que pagaste; tu banco puede tardar de 5 a 10 días hábiles en mostrarlo.',
    ];
    return {
      subject: `Reembolso de ${usd(f.refundedCents, 'es')}: ${what}`,
      text: `${lines.join('\n')}\n\n${sponsor ? 'Ver tu patrocinio' : 'Ver tu donación'}:\n${f.link}\n`,
      html: html(lines, { href: f.link, label: sponsor ? 'Ver tu patrocinio' : 'Ver tu donación' }),
    };
  }
  const what = sponsor ? `your sponsorship of ${org}` : `your donation to ${campaign}`;
  const lines = [
    `Hi ${oneLine(f.donorFirstName)},`,
    sentence(
      sponsor
        ? `We refunded ${usd(f.refundedCents, 'en')} of ${what}`
        : `We refunded ${usd(f.refundedCents, 'en')} of ${what} (${org})${player ? `, supporting ${player}` : ''}`,
    ),
    ...(f.receiptNumber ? [`Receipt ${f.receiptNumber} · refunded on ${longDate(f.date, 'en')}`] : []),
    full
      ? `The whole charge was refunded: ${usd(f.chargeCents, 'en')}.`
      : `Refunded so far: ${usd(f.totalRefundedCents, 'en')} of the ${usd(f.chargeCents, 'en')} charged.`,
    'The refund goes back to the card you paid with; your bank may take 5 to 10 business days to show it.',
  ];
  return {
    subject: `Refund of ${usd(f.refundedCents, 'en')}: ${what}`,
    text: `${lines.join('\n')}\n\n${sponsor ? 'See your sponsorship' : 'See your donation'}:\n${f.link}\n`,
    html: html(lines, { href: f.link, label: sponsor ? 'See your sponsorship' : 'See your donation' }),
  };
}

/**
 * Stores the email of a refund of `refundedCents` (the rise `applyRefundLevel` answered) in the
 * caller's transaction; returns its id for delivery after the commit, null when nothing rose.
 */
export async function enqueueRefundEmail(
  app: FastifyInstance,
  tx: Tx,
  donationId: number,
  refundedCents: number,
): Promise<number | null> {
  if (refundedCents <= 0) return null;
  const [f] = await donationFacts(tx, sql`d.id = ${donationId}`);
  if (!f) return null;
  const charge = f.amount_cents + f.cover_fee_cents;
  const total = f.refunded_cents + f.refunded_fee_cents;
  const mail = renderRefund({
    language: f.language,
    donorFirstName: f.donor_first_name,
    receiptNumber: f.receipt_number,
    refundedCents,
    totalRefundedCents: total,
    chargeCents: charge,
    organizationName: f.org_name,
    campaignTitle: f.campaign_title ?? f.org_name,
    playerName: playerNameOf(f),
    date: new Date(),
    link: `${app.env.PUBLIC_URL}/donations/${f.public_id}/thank-you`,
    sponsorship: f.kind === 'sponsor',
  });
  return app.mail.enqueue(tx, {
    to: f.donor_email,
    ...mail,
    template: 'donation-refund',
    meta: { donationId: f.id, refundedCents, refundedToCents: total },
  });
}
