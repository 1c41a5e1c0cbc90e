/**
 * The emails of a team registration (issue 15), in the registrant's language: the one reminder
 * with a resume link, the rejection with its reason, and the approval. Names typed by people go
 * into headers without line breaks.
 */
import { oneLine } from '../../lib/text.js';

type Lang = 'en' | 'es';

const REMINDER: Record<Lang, { subject: string; hello: (n: string) => string; body: string; end: string }> = {
  en: {
    subject: 'Finish registering your team',
    hello: (n) => `Hi ${n},`,
    body: 'You started registering your team on FUNDRAISER CONSOLE but did not submit it. Your answers are saved: open this link to continue where you left off (it replaces any earlier link):',
    end: 'If you no longer want to register, you can ignore this email. We will not remind you again.',
  },
  es: {
    subject: 'Termina de inscribir a tu equipo',
    hello: (n) => `Hola ${n}:`,
    body: 'Empezaste a inscribir a tu equipo en FUNDRAISER CONSOLE, pero no lo enviaste. Tus respuestas están guardadas: abre este enlace para continuar donde lo dejaste (reemplaza cualquier enlace anterior):',
    end: 'Si ya no quieres inscribirte, puedes ignorar este correo. No te lo volveremos a recordar.',
  },
};

export function renderReminder(lang: Lang, firstName: string, link: string) {
  const t = REMINDER[lang];
  return { subject: t.subject, text: [t.hello(oneLine(firstName)), '', t.body, '', link, '', t.end].join('\n') };
}

const REJECTED: Record<
  Lang,
  { subject: (team: string) => string; hello: (n: string) => string; body: string; end: string }
> = {
  en: {
    subject: (team) => `Your registration of ${team} was not approved`,
    hello: (n) => `Hi ${n},`,
    body: 'Thank you for registering your team on FUNDRAISER CONSOLE. We reviewed it and could not approve it, for this reason:',
    end: 'If you have questions, or want to register again, reply through the Contact-Us page of our site.',
  },
  es: {
    subject: (team) => `Tu inscripción de ${team} no fue aprobada`,
    hello: (n) => `Hola ${n}:`,
    body: 'Gracias por inscribir a tu equipo en FUNDRAISER CONSOLE. La revisamos y no pudimos aprobarla, por este motivo:',
    end: 'Si tienes preguntas o quieres inscribirte de nuevo, escríbenos desde la página de Contacto de nuestro sitio.',
  },
};

export function renderRejection(lang: Lang, firstName: string, teamName: string, reason: string) {
  const t = REJECTED[lang];
  const quoted = reason
    .split(/\r?\n/)
    .map((l) => `> ${l}`)
    .join('\n');
  return {
    subject: t.subject(oneLine(teamName)),
    text: [t.hello(oneLine(firstName)), '', t.body, '', quoted, '', t.end].join('\n'),
  };
}

const APPROVED: Record<Lang, { subject: (team: string) => string; hello: (n: string) => string; body: string }> = {
  en: {
    subject: (team) => `${team} is approved`,
    hello: (n) => `Hi ${n},`,
    body: 'Good news: your team registration was approved. The team and its first campaign (a draft) are ready. The team admin gets an email to sign in; from the console you can review the campaign, add the roster and start fundraising.',
  },
  es: {
    subject: (team) => `${team} fue aprobado`,
    hello: (n) => `Hola ${n}:`,
    body: 'Buenas noticias: la inscripción de tu equipo fue aprobada. El equipo y su primera campaña (un borrador) están listos. El administrador del equipo recibe un correo para iniciar sesión; desde la consola puedes revisar la campaña, agregar a los jugadores y empezar a recaudar fondos.',
  },
};

export function renderApproval(lang: Lang, firstName: string, teamName: string, consoleUrl: string) {
  const t = APPROVED[lang];
  return {
    subject: t.subject(oneLine(teamName)),
    text: [t.hello(oneLine(firstName)), '', t.body, '', consoleUrl].join('\n'),
  };
}
