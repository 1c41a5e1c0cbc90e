/**
 * Texts of the campaign emails in English and Spanish, as plain text and HTML. Everything that
 * comes from people (names, titles, the staff's message) is escaped in the HTML part.
 */
import { escapeHtml, htmlLink, htmlParagraphs } from '../../lib/html.js';

type Lang = 'en' | 'es';

interface InviteFacts {
  parentName: string;
  playerFirst: string;
  playerLast: string;
  campaignTitle: string;
  organizationName: string;
  link: string;
  days: number;
}

const INVITE: Record<
  Lang,
  { subject: (f: InviteFacts) => string; lines: (f: InviteFacts) => [string, string, string]; button: string }
> = {
  en: {
    subject: (f) => `Join ${f.playerFirst}'s fundraising page for ${f.campaignTitle}`,
    lines: (f) => [
      f.parentName ? `Hi ${f.parentName},` : 'Hi,',
      `${f.organizationName} added ${f.playerFirst} ${f.playerLast} to the campaign "${f.campaignTitle}". Accept this invitation to open ${f.playerFirst}'s fundraising page: set a goal, add a photo and invite family and friends to donate.`,
      `This link works once and expires in ${f.days} days. If you already have an account, sign in when asked.`,
    ],
    button: 'Accept the invitation',
  },
  es: {
    subject: (f) => `Únete a la página de recaudación de ${f.playerFirst} para ${f.campaignTitle}`,
    lines: (f) => [
      f.parentName ? `Hola ${f.parentName}:` : 'Hola:',
      `${f.organizationName} agregó a ${f.playerFirst} ${f.playerLast} a la campaña "${f.campaignTitle}". Acepta esta invitación para abrir la página de recaudación de ${f.playerFirst}: fija una meta, agrega una foto e invita a familiares y amigos a donar.`,
      `Este enlace funciona una vez y caduca en ${f.days} días. Si ya tienes una cuenta, inicia sesión cuando se te pida.`,
    ],
    button: 'Aceptar la invitación',
  },
};

export function renderInvite(lang: Lang, f: InviteFacts) {
  const t = INVITE[lang];
  const [hello, body, foot] = t.lines(f);
  return {
    subject: t.subject(f),
    text: `${hello}\n\n${body}\n\n${f.link}\n\n${foot}`,
    html: [
      htmlParagraphs(hello),
      htmlParagraphs(body),
      `<p>${htmlLink(f.link, t.button)}</p>`,
      htmlParagraphs(foot),
    ].join('\n'),
  };
}

interface MessageFacts {
  subject: string;
  message: string;
  sender: string;
  playerFirst: string;
  campaignTitle: string;
  organizationName: string;
  pageLink: string;
}

const MESSAGE_FOOT: Record<Lang, (f: MessageFacts) => [string, string]> = {
  en: (f) => [
    `${f.playerFirst}'s page for ${f.campaignTitle}:`,
    `Sent by ${f.sender} (${f.organizationName}) through FUNDRAISER CONSOLE.`,
  ],
  es: (f) => [
    `Página de ${f.playerFirst} para ${f.campaignTitle}:`,
    `Enviado por ${f.sender} (${f.organizationName}) a través de FUNDRAISER CONSOLE.`,
  ],
};

/** The staff's subject and message as written, followed by the player's public page link. */
export function renderMessage(lang: Lang, f: MessageFacts) {
  const [pageLine, sentBy] = MESSAGE_FOOT[lang](f);
  return {
    // A subject is one header line: line breaks would let a sender add headers of their own.
    subject: f.subject.replace(/[\r\n]+/g, ' ').trim(),
    text: `${f.message}\n\n--\n${pageLine} ${f.pageLink}\n${sentBy}`,
    html: [
      htmlParagraphs(f.message),
      '<hr>',
      `<p>${escapeHtml(pageLine)} ${htmlLink(f.pageLink, f.pageLink)}<br>${escapeHtml(sentBy)}</p>`,
    ].join('\n'),
  };
}
