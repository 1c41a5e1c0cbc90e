/** The e-mail a sponsor's buyer gets when their logo is rejected (English and Spanish). */
type Lang = 'en' | 'es';
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const REJECTED = {
  en: {
    subject: (what: string) => `Your logo for ${what} needs another upload`,
    hello: (n: string) => `Hello ${n},`,
    body: (what: string, seller: string) =>
      `The logo you sent for your sponsorship "${what}" of ${seller} was not approved. The reason given:`,
    after: 'You can upload another logo from the link below. Thank you for your sponsorship!',
  },
  es: {
    subject: (what: string) => `Tu logotipo para ${what} necesita otra carga`,
    hello: (n: string) => `Hola ${n}:`,
    body: (what: string, seller: string) =>
      `El logotipo que enviaste para tu patrocinio «${what}» de ${seller} no fue aprobado. El motivo indicado:`,
    after: 'Puedes subir otro logotipo desde el enlace de abajo. ¡Gracias por tu patrocinio!',
  },
} as const;

export function renderLogoRejected(
  lang: Lang,
  m: { firstName: string; opportunityName: string; sellerName: string; reason: string; link: string },
) {
  const t = REJECTED[lang];
  const what = oneLine(m.opportunityName);
  return {
    subject: t.subject(what),
    text: [
      t.hello(oneLine(m.firstName)),
      '',
      t.body(what, oneLine(m.sellerName)),
      '',
      m.reason,
      '',
      t.after,
      m.link,
    ].join('\n'),
  };
}
