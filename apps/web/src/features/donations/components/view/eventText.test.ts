import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadPart } from '../../../../lib/i18n';
import { eventText } from './eventText';

describe("the timeline's notes", () => {
  beforeAll(async () => {
    await i18n.changeLanguage('es');
    await loadPart('console');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['Checkout started.', 'Se inició el pago.'],
    ['Payment intent pi_123 opened.', 'Se abrió la intención de pago pi_123.'],
    ['Payment succeeded (provider event).', 'Pago completado (evento del procesador).'],
    ['Receipt FC-00012 emailed.', 'Se envió el recibo FC-00012 por correo.'],
    ['Offline check gift recorded.', 'Donación fuera de línea registrada (Cheque).'],
    ['Voided by staff: typed <twice>', 'Anulada por el personal: typed <twice>'],
    ['Partly refunded.', 'Reembolsada en parte.'],
    ['Your card was declined.', 'Tu tarjeta fue rechazada.'],
    ['A reason a person typed', 'A reason a person typed'],
  ])('shows %j in Spanish as %j', (message, spanish) => {
    expect(eventText(i18n.t, message)).toBe(spanish);
  });
});
