/**
 * Receipt and abandoned-cart reminder emails, in the donor's language (en/es), as plain text and
 * escaped HTML. Amounts are integer cents formatted as USD by the money module (decision 013).
 */
import { formatMoney } from '@fc/contracts';
import { escapeHtml } from '../../lib/html.js';
import { oneLine, sentence } from '../../lib/text.js';

export type Lang = 'en' | 'es';
export const langOf = (l: string): Lang => (l === 'es' ? 'es' : 'en');
export const usd = (cents: number, lang: Lang) => formatMoney(cents, lang);
export { oneLine };
export const longDate = (d: Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);

export interface ReceiptFacts {
  language: string;
  donorFirstName: string;
  receiptNumber: string;
  amountCents: number;
  coverFeeCents: number;
  organizationName: string;
  campaignTitle: string;
  playerName: string | null;
  feeLabel: string | null;
  method: 'card' | 'offline';
  date: Date;
  link: string;
}

export function html(lines: string[], link: { href: string; label: string }) {
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n');
  return `${body}\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
}

export function renderReceipt(f: ReceiptFacts) {
  const lang = langOf(f.language);
  const total = f.amountCents + f.coverFeeCents;
  const org = oneLine(f.organizationName);
  const campaign = oneLine(f.campaignTitle);
  const player = f.playerName ? oneLine(f.playerName) : null;
  if (lang === 'es') {
    const what = f.feeLabel ? `Pago de "${oneLine(f.feeLabel)}"` : 'Donación';
    const lines = [
      `Hola ${oneLine(f.donorFirstName)}:`,
      sentence(
        `¡Gracias! Recibimos tu ${f.feeLabel ? 'pago' : 'donación'} para ${campaign} (${org})${player ? `, a favor de ${player}` : ''}`,
      ),
      `Recibo n.º ${f.receiptNumber} · ${longDate(f.date, 'es')}`,
      `${what}: ${usd(f.amountCents, 'es')}`,
      ...(f.coverFeeCents > 0 ? [`Comisión de procesamiento cubierta: ${usd(f.coverFeeCents, 'es')}`] : []),
      `Total ${f.method === 'offline' ? 'recibido (efectivo o cheque)' : 'cobrado a tu tarjeta'}: ${usd(total, 'es')}`,
      `Organización: ${org}`,
    ];
    return {
      subject: `Recibo ${f.receiptNumber}: gracias por apoyar ${campaign}`,
      text: `${lines.join('\n')}\n\nVer tu donación:\n${f.link}\n`,
      html: html(lines, { href: f.link, label: 'Ver tu donación' }),
    };
  }
  const what = f.feeLabel ? `Payment for "${oneLine(f.feeLabel)}"` : 'Donation';
  const lines = [
    `Hi ${oneLine(f.donorFirstName)},`,
    sentence(
      `Thank you! We received your ${f.feeLabel ? 'payment' : 'donation'} to ${campaign} (${org})${player ? `, supporting ${player}` : ''}`,
    ),
    `Receipt ${f.receiptNumber} · ${longDate(f.date, 'en')}`,
    `${what}: ${usd(f.amountCents, 'en')}`,
    ...(f.coverFeeCents > 0 ? [`Processing fee you covered: ${usd(f.coverFeeCents, 'en')}`] : []),
    `Total ${f.method === 'offline' ? 'received (cash or check)' : 'charged to your card'}: ${usd(total, 'en')}`,
    `Organization: ${org}`,
  ];
  return {
    subject: `Receipt ${f.receiptNumber}: thank you for supporting ${campaign}`,
    text: `${lines.join('\n')}\n\nSee your donation:\n${f.link}\n`,
    html: html(lines, { href: f.link, label: 'See your donation' }),
  };
}

export interface ReminderFacts {
  language: string;
  donorFirstName: string;
  amountCents: number;
  campaignTitle: string;
  playerName: string | null;
  link: string;
}

export function renderReminder(f: ReminderFacts) {
  const lang = langOf(f.language);
  const campaign = oneLine(f.campaignTitle);
  const player = f.playerName ? oneLine(f.playerName) : null;
  if (lang === 'es') {
    const lines = [
      `Hola ${oneLine(f.donorFirstName)}:`,
      `Empezaste una donación de ${usd(f.amountCents, 'es')} para ${player ? `${player} en ` : ''}${campaign}, pero el pago no se completó.`,
      'Puedes continuar donde la dejaste con este enlace. No se te ha cobrado nada.',
    ];
    return {
      subject: `Tu donación para ${campaign} quedó pendiente`,
      text: `${lines.join('\n\n')}\n\n${f.link}\n`,
      html: html(lines, { href: f.link, label: 'Continuar mi donación' }),
    };
  }
  const lines = [
    `Hi ${oneLine(f.donorFirstName)},`,
    `You started a ${usd(f.amountCents, 'en')} donation to ${player ? `${player} in ` : ''}${campaign}, but the payment did not go through.`,
    'You can pick up where you left off with this link. Nothing has been charged.',
  ];
  return {
    subject: `Your donation to ${campaign} is waiting`,
    text: `${lines.join('\n\n')}\n\n${f.link}\n`,
    html: html(lines, { href: f.link, label: 'Continue my donation' }),
  };
}
