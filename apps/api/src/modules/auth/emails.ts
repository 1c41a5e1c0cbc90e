/** Transactional email texts in English and Spanish; links point at the web app's routes. */
type Lang = 'en' | 'es';
type Template = 'confirm' | 'reset' | 'activate' | 'otl';

const TEXTS: Record<Template, Record<Lang, { subject: string; body: (name: string, link: string) => string }>> = {
  confirm: {
    en: {
      subject: 'Confirm your email',
      body: (n, l) =>
        `Hi ${n},\n\nPlease confirm your email address:\n${l}\n\nThis link works once and expires in 7 days.`,
    },
    es: {
      subject: 'Confirma tu correo',
      body: (n, l) =>
        `Hola ${n},\n\nConfirma tu dirección de correo:\n${l}\n\nEste enlace funciona una vez y caduca en 7 días.`,
    },
  },
  reset: {
    en: {
      subject: 'Reset your password',
      body: (n, l) =>
        `Hi ${n},\n\nSomeone asked to reset your password. If it was you, open:\n${l}\n\nThis link works once and expires in 1 hour. If it was not you, ignore this email.`,
    },
    es: {
      subject: 'Restablece tu contraseña',
      body: (n, l) =>
        `Hola ${n},\n\nAlguien pidió restablecer tu contraseña. Si fuiste tú, abre:\n${l}\n\nEste enlace funciona una vez y caduca en 1 hora. Si no fuiste tú, ignora este correo.`,
    },
  },
  activate: {
    en: {
      subject: 'You are invited to FUNDRAISER CONSOLE',
      body: (n, l) =>
        `Hi ${n},\n\nAn account was created for you. Set your password to activate it:\n${l}\n\nThis link works once and expires in 7 days.`,
    },
    es: {
      subject: 'Te invitaron a FUNDRAISER CONSOLE',
      body: (n, l) =>
        `Hola ${n},\n\nSe creó una cuenta para ti. Elige tu contraseña para activarla:\n${l}\n\nEste enlace funciona una vez y caduca en 7 días.`,
    },
  },
  otl: {
    en: {
      subject: 'Your sign-in link',
      body: (n, l) => `Hi ${n},\n\nUse this link to sign in:\n${l}\n\nIt works once and expires in 15 minutes.`,
    },
    es: {
      subject: 'Tu enlace para entrar',
      body: (n, l) => `Hola ${n},\n\nUsa este enlace para entrar:\n${l}\n\nFunciona una vez y caduca en 15 minutos.`,
    },
  },
};

const PATHS: Record<Template, string> = {
  confirm: '/email-confirm',
  reset: '/reset-password',
  activate: '/activate-account',
  otl: '/otl',
};

export function renderEmail(template: Template, lang: string, publicUrl: string, name: string, token: string) {
  const t = TEXTS[template][lang === 'es' ? 'es' : 'en'];
  const link = `${publicUrl.replace(/\/$/, '')}${PATHS[template]}?token=${encodeURIComponent(token)}`;
  return { subject: t.subject, text: t.body(name, link), template };
}

const ATTEMPT = {
  en: {
    subject: 'Someone tried to sign up with your email',
    body: (n: string, login: string, reset: string) =>
      `Hi ${n},\n\nSomeone tried to create a FUNDRAISER CONSOLE account with this email address, which already has one. No new account was created.\n\nIf it was you, sign in:\n${login}\n\nForgot your password? Reset it:\n${reset}\n\nIf it was not you, you can ignore this email.`,
  },
  es: {
    subject: 'Alguien intentó registrarse con tu correo',
    body: (n: string, login: string, reset: string) =>
      `Hola ${n},\n\nAlguien intentó crear una cuenta de FUNDRAISER CONSOLE con esta dirección de correo, que ya tiene una. No se creó ninguna cuenta nueva.\n\nSi fuiste tú, inicia sesión:\n${login}\n\n¿Olvidaste tu contraseña? Restablécela:\n${reset}\n\nSi no fuiste tú, puedes ignorar este correo.`,
  },
} as const;

/** To the owner of an existing account when someone registers with its address (no link that signs in). */
export function renderRegisterAttempt(lang: string, publicUrl: string, name: string) {
  const t = ATTEMPT[lang === 'es' ? 'es' : 'en'];
  const base = publicUrl.replace(/\/$/, '');
  return {
    subject: t.subject,
    text: t.body(name, `${base}/login`, `${base}/forgot-password`),
    template: 'register-attempt',
  };
}
