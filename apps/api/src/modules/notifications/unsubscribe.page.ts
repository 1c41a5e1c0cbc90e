/**
 * The unsubscribe page's HTML (issue 18): a minimal, self-contained page (no script, inline
 * styles allowed by the CSP), readable on a 390 px phone, light or dark as the reader's system
 * prefers, English or Spanish. Everything variable is escaped.
 */
import type { NotificationTopicId } from '@fc/contracts';
import { escapeHtml } from '../../lib/html.js';
import type { EmailLang } from '../../lib/notifications.js';

export const TOPIC_NAMES: Record<EmailLang, Record<NotificationTopicId, string>> = {
  en: {
    gift_to_player: 'an e-mail for each gift to your player',
    at_risk_nudge: 'reminders when your player’s page needs help',
    daily_summary: 'the daily summary of your organization',
    product_news: 'product news',
  },
  es: {
    gift_to_player: 'un correo por cada donación a tu jugador',
    at_risk_nudge: 'recordatorios cuando la página de tu jugador necesita ayuda',
    daily_summary: 'el resumen diario de tu organización',
    product_news: 'novedades del producto',
  },
};

export type PageState =
  | { kind: 'invalid' }
  | { kind: 'confirm'; topic: NotificationTopicId; email: string; action: string }
  | { kind: 'done'; topic: NotificationTopicId; email: string };

const TEXT = {
  en: {
    title: 'E-mail preferences',
    invalidTitle: 'This link does not work',
    invalid:
      'The unsubscribe link is incomplete or was changed. Open it again from the e-mail, or choose your e-mails in Account settings after you sign in.',
    confirmTitle: 'Stop these e-mails?',
    confirm: (topic: string, email: string) => `You will no longer receive ${topic} at ${email}.`,
    button: 'Unsubscribe',
    doneTitle: 'You are unsubscribed',
    done: (topic: string, email: string) =>
      `${email} will no longer receive ${topic}. You can turn it back on in Account settings, under Notifications.`,
    other: 'Español',
    settings: 'Open Account settings',
  },
  es: {
    title: 'Preferencias de correo',
    invalidTitle: 'Este enlace no funciona',
    invalid:
      'El enlace para darte de baja está incompleto o fue modificado. Ábrelo de nuevo desde el correo, o elige tus correos en Configuración de la cuenta después de iniciar sesión.',
    confirmTitle: '¿Dejar de recibir estos correos?',
    confirm: (topic: string, email: string) => `Ya no recibirás ${topic} en ${email}.`,
    button: 'Darme de baja',
    doneTitle: 'Te diste de baja',
    done: (topic: string, email: string) =>
      `${email} ya no recibirá ${topic}. Puedes volver a activarlo en Configuración de la cuenta, en Notificaciones.`,
    other: 'English',
    settings: 'Abrir Configuración de la cuenta',
  },
} as const;

const STYLE = `:root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--fg:#1b1f24;--muted:#4a5561;--accent:#0b5cad}
@media (prefers-color-scheme:dark){:root{--bg:#121417;--card:#1d2126;--fg:#eef1f4;--muted:#b8c0c9;--accent:#7cb8ff}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:34rem;margin:3rem auto;padding:0 1rem}.card{background:var(--card);border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.4rem;margin:0 0 .75rem}p{margin:0 0 1rem;color:var(--muted)}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:.7rem 1.2rem;min-height:44px;background:var(--accent);color:var(--bg);cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}a{color:var(--accent)}
.brand{font-weight:700;letter-spacing:.04em;margin-bottom:1rem;color:var(--fg)}`;

export function unsubscribePage(lang: EmailLang, s: PageState): string {
  const t = TEXT[lang];
  const other = lang === 'es' ? 'en' : 'es';
  let heading: string;
  let body: string;
  if (s.kind === 'invalid') {
    heading = t.invalidTitle;
    body = `<p>${escapeHtml(t.invalid)}</p>`;
  } else if (s.kind === 'confirm') {
    heading = t.confirmTitle;
    body = `<p>${escapeHtml(t.confirm(TOPIC_NAMES[lang][s.topic], s.email))}</p>
<form method="post" action="${escapeHtml(s.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.button)}</button></form>
<p style="margin-top:1rem"><a href="${escapeHtml(s.action.replace(/&lang=(en|es)$/, `&lang=${other}`))}" lang="${other}">${escapeHtml(t.other)}</a></p>`;
  } else {
    heading = t.doneTitle;
    body = `<p role="status">${escapeHtml(t.done(TOPIC_NAMES[lang][s.topic], s.email))}</p>
<p><a href="/pages/account-settings?tab=notifications">${escapeHtml(t.settings)}</a></p>`;
  }
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(`${heading} · ${t.title}`)}</title><style>${STYLE}</style></head>
<body><main><div class="brand">FUNDRAISER CONSOLE</div><div class="card"><h1>${escapeHtml(heading)}</h1>
${body}</div></main></body></html>`;
}
