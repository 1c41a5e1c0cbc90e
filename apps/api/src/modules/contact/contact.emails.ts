/**
 * The two emails of a Contact-Us message (issue 14): the notification to the support address
 * (English, reply-to the visitor) and the confirmation to the visitor in their language, quoting
 * what they wrote. Neither carries a link: a confirmation must not look like a sign-in email.
 */
import { oneLine } from '../../lib/text.js';

type Lang = 'en' | 'es';

export interface ContactFacts {
  id: number;
  name: string;
  email: string;
  organization: string | null;
  message: string;
  language: Lang;
}

/** Names typed by people go into headers: no line breaks in a subject. */
/** The message as a quotation, each line marked. */
const quoted = (s: string) =>
  s
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

export function renderSupportNotification(f: ContactFacts) {
  return {
    subject: `Contact-Us message #${f.id} from ${oneLine(f.name)}`,
    text: [
      `A visitor wrote through the Contact-Us form (message #${f.id}). Reply to this email to answer them.`,
      '',
      `Name: ${oneLine(f.name)}`,
      `Email: ${f.email}`,
      `Organization: ${f.organization ? oneLine(f.organization) : '—'}`,
      `Language: ${f.language === 'es' ? 'Spanish' : 'English'}`,
      '',
      quoted(f.message),
      '',
      'Mark it handled in the console: Settings → Contact messages.',
    ].join('\n'),
  };
}

const CONFIRMATION: Record<Lang, { subject: string; hello: (name: string) => string; body: string; end: string }> = {
  en: {
    subject: 'We received your message',
    hello: (name) => `Hi ${name},`,
    body: 'Thank you for writing to FUNDRAISER CONSOLE. We received your message and will answer you at this address, usually within two business days. Here is what you sent:',
    end: 'If you did not write to us, you can ignore this email.',
  },
  es: {
    subject: 'Recibimos tu mensaje',
    hello: (name) => `Hola ${name}:`,
    body: 'Gracias por escribir a FUNDRAISER CONSOLE. Recibimos tu mensaje y te responderemos a esta dirección, normalmente en un plazo de dos días hábiles. Esto es lo que nos enviaste:',
    end: 'Si no nos escribiste, puedes ignorar este correo.',
  },
};

export function renderConfirmation(f: ContactFacts) {
  const t = CONFIRMATION[f.language];
  return {
    subject: t.subject,
    text: [t.hello(oneLine(f.name)), '', t.body, '', quoted(f.message), '', t.end].join('\n'),
  };
}
