import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../../lib/i18n';
import { contractFieldMessage } from './paymentResult';

describe('contractFieldMessage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("translates a known field message and never shows the server's English in Spanish", async () => {
    await i18n.changeLanguage('es');
    const t = i18n.t.bind(i18n);
    expect(contractFieldMessage(t, 'Use at least 2 characters', 'es')).toBe('Usa al menos 2 caracteres');
    expect(contractFieldMessage(t, 'Expected number, received string', 'es')).toBe('Este valor no es válido');
  });

  it("keeps the server's words in English", () => {
    const t = i18n.t.bind(i18n);
    expect(contractFieldMessage(t, 'Expected number, received string', 'en')).toBe('Expected number, received string');
  });
});
