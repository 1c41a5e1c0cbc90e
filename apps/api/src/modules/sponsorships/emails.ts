/**
 * The buyer's e-mails of the sponsorships module, in their language (en/es): a payment that landed
 * after the last unit was gone, refunded in full (decision 019 "Inventory").
 */
import { emailHtml, langOf, oneLine, usd } from '../donations/payments.js';

export function renderSoldOutRefund(f: {
  language: string;
  firstName: string;
  opportunityName: string;
  amountCents: number;
}) {
  const lang = langOf(f.language);
  const name = oneLine(f.opportunityName);
  const amount = usd(f.amountCents, lang);
  const lines =
    lang === 'es'
      ? [
          `Hola ${oneLine(f.firstName)}:`,
          `Tu pago para el patrocinio "${name}" llegó cuando ya no quedaban unidades disponibles: se agotó mientras pagabas.`,
          `Te devolvimos el pago completo (${amount}) a tu tarjeta. Puede tardar unos días en aparecer.`,
          'Lamentamos las molestias y gracias por tu interés en apoyar al equipo.',
        ]
      : [
          `Hi ${oneLine(f.firstName)},`,
          `Your payment for the sponsorship "${name}" arrived after the last unit was taken: it sold out while you were paying.`,
          `We refunded your payment in full (${amount}) to your card. It may take a few days to appear.`,
          'We are sorry for the trouble, and thank you for wanting to support the team.',
        ];
  return {
    subject:
      lang === 'es' ? `Patrocinio agotado: reembolsamos ${amount}` : `Sponsorship sold out: we refunded ${amount}`,
    text: `${lines.join('\n\n')}\n`,
    html: emailHtml(lines, { href: 'mailto:', label: '' }).replace(/\n<p><a href="mailto:"><\/a><\/p>$/, ''),
  };
}
