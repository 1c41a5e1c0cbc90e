/** The "invite to donate" email a family sends its contacts, in the family's language (en/es). */
import { formatMoney } from '@fc/contracts';
import { oneLine } from '../../lib/text.js';

const usd = (cents: number, lang: 'en' | 'es') => formatMoney(cents, lang);

/** Names and notes typed by people go into headers and text: no line breaks in a subject. */

export interface ContactInviteFacts {
  language: string;
  contactName: string;
  playerFirstName: string;
  parentName: string | null;
  campaignTitle: string;
  organizationName: string;
  goalCents: number;
  note: string | null;
  link: string;
}

export function renderContactInvite(f: ContactInviteFacts) {
  const lang = f.language === 'es' ? 'es' : 'en';
  const player = oneLine(f.playerFirstName);
  const campaign = oneLine(f.campaignTitle);
  const from = f.parentName ? oneLine(f.parentName) : null;
  const note = f.note?.trim() ? `\n\n${f.note.trim()}` : '';
  if (lang === 'es') {
    const goal = f.goalCents > 0 ? ` Su meta es ${usd(f.goalCents, 'es')}.` : '';
    return {
      subject: `${player} te invita a apoyar ${campaign}`,
      text:
        `Hola ${oneLine(f.contactName)}:\n\n` +
        `${from ? `${from} te escribe: ` : ''}${player} está recaudando fondos para ${campaign} (${oneLine(f.organizationName)}).${goal}${note}\n\n` +
        `Mira la página de ${player} y haz tu donación aquí:\n${f.link}\n\n¡Gracias por tu apoyo!`,
    };
  }
  const goal = f.goalCents > 0 ? ` The goal is ${usd(f.goalCents, 'en')}.` : '';
  return {
    subject: `${player} invites you to support ${campaign}`,
    text:
      `Hi ${oneLine(f.contactName)},\n\n` +
      `${from ? `${from} here: ` : ''}${player} is raising money for ${campaign} (${oneLine(f.organizationName)}).${goal}${note}\n\n` +
      `See ${player}'s page and donate here:\n${f.link}\n\nThank you for your support!`,
  };
}
