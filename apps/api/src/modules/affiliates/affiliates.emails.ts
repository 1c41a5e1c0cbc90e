/**
 * The affiliate invitation e-mail (issue 16), in the affiliate's language, with the single-use
 * link `/affiliate/activate/{token}`. Names typed by people go into headers without line breaks.
 */
import { oneLine } from '../../lib/text.js';

type Lang = 'en' | 'es';

const INVITATION: Record<
  Lang,
  {
    subject: string;
    hello: (n: string) => string;
    body: (program: string | null) => string;
    end: (days: number) => string;
  }
> = {
  en: {
    subject: 'You are invited to become a FUNDRAISER CONSOLE affiliate',
    hello: (n) => `Hi ${n},`,
    body: (program) =>
      `You are invited to join FUNDRAISER CONSOLE as an affiliate${program ? ` under the program "${program}"` : ''}. Open this link to read the terms, set your password (or sign in with the one you have) and activate your affiliate account:`,
    end: (days) =>
      `The link works once, for ${days} days. A newer invitation replaces this one. If you did not expect this e-mail, you can ignore it.`,
  },
  es: {
    subject: 'Te invitamos a ser afiliado de FUNDRAISER CONSOLE',
    hello: (n) => `Hola ${n}:`,
    body: (program) =>
      `Te invitamos a unirte a FUNDRAISER CONSOLE como afiliado${program ? ` con el programa "${program}"` : ''}. Abre este enlace para leer los términos, crear tu contraseña (o iniciar sesión con la que ya tienes) y activar tu cuenta de afiliado:`,
    end: (days) =>
      `El enlace funciona una sola vez, durante ${days} días. Una invitación más reciente reemplaza a esta. Si no esperabas este correo, puedes ignorarlo.`,
  },
};

export function renderInvitation(lang: Lang, firstName: string, program: string | null, link: string, days: number) {
  const t = INVITATION[lang];
  return {
    subject: t.subject,
    text: [t.hello(oneLine(firstName)), '', t.body(program ? oneLine(program) : null), '', link, '', t.end(days)].join(
      '\n',
    ),
  };
}
