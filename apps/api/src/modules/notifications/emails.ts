/**
 * The optional e-mails' texts (issue 18), English and Spanish, plain text and escaped HTML. Each
 * goes out through `withUnsubscribe` (lib/notifications.ts), which adds the footer and the
 * one-click link. Amounts are integer cents formatted by the money module.
 */
import { formatMoney } from '@fc/contracts';
import { escapeHtml, htmlLink, htmlParagraphs } from '../../lib/html.js';
import type { EmailLang } from '../../lib/notifications.js';
import { oneLine } from '../../lib/text.js';

const mail = (subject: string, paras: string[], link?: { href: string; label: string }) => ({
  subject: oneLine(subject).slice(0, 300),
  text: [...paras, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n'),
  html: `${htmlParagraphs(paras.join('\n\n'))}${link ? `\n<p>${htmlLink(link.href, link.label)}</p>` : ''}`,
});

export interface GiftFacts {
  firstName: string;
  donorName: string | null;
  amountCents: number;
  player: string;
  campaign: string;
  pageLink: string;
}

export function renderGiftNotice(lang: EmailLang, f: GiftFacts) {
  const amount = formatMoney(f.amountCents, lang);
  const player = oneLine(f.player);
  const campaign = oneLine(f.campaign);
  if (lang === 'es')
    return mail(
      `Nueva donación de ${amount} para ${player}`,
      [
        `Hola ${oneLine(f.firstName)}:`,
        `${f.donorName ? oneLine(f.donorName) : 'Un donante anónimo'} donó ${amount} a la página de ${player} para "${campaign}".`,
        '¡Gracias por compartir la página! Cada donación ayuda al equipo.',
      ],
      { href: f.pageLink, label: `Ver la página de ${player}` },
    );
  return mail(
    `New gift of ${amount} for ${player}`,
    [
      `Hi ${oneLine(f.firstName)},`,
      `${f.donorName ? oneLine(f.donorName) : 'An anonymous donor'} gave ${amount} to ${player}'s page for "${campaign}".`,
      'Thank you for sharing the page! Every gift helps the team.',
    ],
    { href: f.pageLink, label: `See ${player}'s page` },
  );
}

export interface NodeDay {
  name: string;
  gifts: number;
  netCents: number;
  raisedCents: number;
  donors: number;
  activeCampaigns: number;
}

export function renderDailySummary(lang: EmailLang, firstName: string, day: string, nodes: NodeDay[], link: string) {
  const m = (c: number) => formatMoney(c, lang);
  const es = lang === 'es';
  const lines = nodes.map((n) =>
    es
      ? `${oneLine(n.name)} — donaciones del día: ${n.gifts}, netas ${m(n.netCents)}. En total: ${m(n.raisedCents)} recaudados, donantes: ${n.donors}, campañas activas: ${n.activeCampaigns}.`
      : `${oneLine(n.name)} — gifts that day: ${n.gifts}, net ${m(n.netCents)}. All time: ${m(n.raisedCents)} raised, donors: ${n.donors}, active campaigns: ${n.activeCampaigns}.`,
  );
  return es
    ? mail(
        `Tu resumen diario del ${day}`,
        [`Hola ${oneLine(firstName)}:`, `Así fue la recaudación del ${day} (UTC):`, lines.join('\n')],
        { href: link, label: 'Abrir el panel' },
      )
    : mail(
        `Your daily summary for ${day}`,
        [`Hi ${oneLine(firstName)},`, `Here is how fundraising went on ${day} (UTC):`, lines.join('\n')],
        { href: link, label: 'Open the dashboard' },
      );
}

/** A Super Admin's product news, in the reader's language (their own words, escaped). */
export function renderProductNews(lang: EmailLang, firstName: string, subject: string, message: string) {
  const hello = lang === 'es' ? `Hola ${oneLine(firstName)}:` : `Hi ${oneLine(firstName)},`;
  return {
    subject: oneLine(subject).slice(0, 300),
    text: `${hello}\n\n${message}`,
    html: `<p>${escapeHtml(hello)}</p>\n${htmlParagraphs(message)}`,
  };
}
