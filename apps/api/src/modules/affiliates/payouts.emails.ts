/** The e-mail an affiliate gets when a payout request is declined (English and Spanish). */
import { formatMoney } from '@fc/contracts';

type Lang = 'en' | 'es';
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

const DECLINED = {
  en: {
    subject: 'Your payout request was declined',
    hello: (n: string) => `Hello ${n},`,
    body: (amount: string) => `Your request to be paid ${amount} in commissions was declined. The reason given:`,
    after: 'Your approved commissions stay in your balance; you can ask again.',
  },
  es: {
    subject: 'Tu solicitud de pago fue rechazada',
    hello: (n: string) => `Hola ${n}:`,
    body: (amount: string) => `Tu solicitud de cobrar ${amount} en comisiones fue rechazada. El motivo indicado:`,
    after: 'Tus comisiones aprobadas siguen en tu saldo; puedes volver a solicitarlo.',
  },
} as const;

export function renderPayoutDeclined(lang: Lang, firstName: string, amountCents: number, reason: string) {
  const t = DECLINED[lang];
  return {
    subject: t.subject,
    text: [t.hello(oneLine(firstName)), '', t.body(formatMoney(amountCents, lang)), '', reason, '', t.after].join('\n'),
  };
}
