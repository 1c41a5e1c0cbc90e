/**
 * The receipt of a sponsorship's payment (kind `sponsor`, decision 019 "Receipts"): names the
 * opportunity and states the price, the fair-market value of the benefits and the deductible part
 * (price − fair-market value, never below 0), in the buyer's language. The values are the ones
 * copied onto the sponsorship at purchase, so a later price edit never changes a receipt.
 */
import { deductibleCents } from '@fc/contracts';
import { firstRow, type Queryable } from '@fc/db';
import { sql } from 'drizzle-orm';
import { html, langOf, longDate, oneLine, usd } from './emails.js';

export interface SponsorReceiptFacts {
  opportunity_name: string;
  price_cents: number;
  fair_market_value_cents: number;
  status: string;
}

/** The sponsorship a payment paid; null when none, or when its unit was not kept (refund due). */
export const sponsorReceiptFacts = (db: Queryable, donationId: number) =>
  firstRow<SponsorReceiptFacts>(
    db,
    sql`select o.name as opportunity_name, s.price_cents, s.fair_market_value_cents, s.status
      from sponsorships s join sponsorship_opportunities o on o.id = s.opportunity_id
      where s.donation_id = ${donationId}`,
  );

export function renderSponsorReceipt(f: {
  language: string;
  donorFirstName: string;
  receiptNumber: string;
  organizationName: string;
  method: 'card' | 'offline';
  date: Date;
  link: string;
  sponsor: SponsorReceiptFacts;
}) {
  const lang = langOf(f.language);
  const org = oneLine(f.organizationName);
  const name = oneLine(f.sponsor.opportunity_name);
  const price = f.sponsor.price_cents;
  const fmv = f.sponsor.fair_market_value_cents;
  const deductible = deductibleCents(price, fmv);
  if (lang === 'es') {
    const lines = [
      `Hola ${oneLine(f.donorFirstName)}:`,
      `¡Gracias por patrocinar a ${org}! Recibimos tu pago del patrocinio "${name}".`,
      `Recibo n.º ${f.receiptNumber} · ${longDate(f.date, 'es')}`,
      `Patrocinio: ${name}`,
      `Precio ${f.method === 'offline' ? 'recibido' : 'cobrado a tu tarjeta'}: ${usd(price, 'es')}`,
      `Valor justo de mercado de los beneficios recibidos: ${usd(fmv, 'es')}`,
      `Parte deducible: ${usd(deductible, 'es')}`,
      `Organización: ${org}`,
    ];
    return {
      subject: `Recibo ${f.receiptNumber}: gracias por patrocinar a ${org}`,
      text: `${lines.join('\n')}\n\nVer tu patrocinio (nombre, sitio web y logotipo):\n${f.link}\n`,
      html: html(lines, { href: f.link, label: 'Ver tu patrocinio' }),
    };
  }
  const lines = [
    `Hi ${oneLine(f.donorFirstName)},`,
    `Thank you for sponsoring ${org}! We received your payment for the sponsorship "${name}".`,
    `Receipt ${f.receiptNumber} · ${longDate(f.date, 'en')}`,
    `Sponsorship: ${name}`,
    `Price ${f.method === 'offline' ? 'received' : 'charged to your card'}: ${usd(price, 'en')}`,
    `Fair-market value of the benefits you receive: ${usd(fmv, 'en')}`,
    `Deductible part: ${usd(deductible, 'en')}`,
    `Organization: ${org}`,
  ];
  return {
    subject: `Receipt ${f.receiptNumber}: thank you for sponsoring ${org}`,
    text: `${lines.join('\n')}\n\nSee your sponsorship (name, website and logo):\n${f.link}\n`,
    html: html(lines, { href: f.link, label: 'See your sponsorship' }),
  };
}
