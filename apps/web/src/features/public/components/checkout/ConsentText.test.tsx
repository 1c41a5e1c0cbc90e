/**
 * The consent under the payment links the server-rendered Terms and Privacy Policy (in the
 * checkout's language, in a new tab) and says what of a gift becomes public, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { getByTestId, render, textOf } from '../../../../test/render';
import { ConsentText } from './ConsentText';

describe('ConsentText', () => {
  it.each([
    ['en', 'Terms & Conditions', 'Privacy Policy', 'your message appear'],
    ['es', 'Términos y condiciones', 'Política de privacidad', 'tu mensaje aparecen'],
  ] as const)(
    '%s: links the terms and the privacy policy and says what is public',
    async (lang, terms, privacy, pub) => {
      await render(<ConsentText />, { language: lang });
      const p = getByTestId('payment-consent');
      const links = [...p.querySelectorAll('a')];
      expect(links.map((a) => [textOf(a), a.getAttribute('href'), a.getAttribute('target')])).toEqual([
        [terms, `/terms-and-conditions?lang=${lang}`, '_blank'],
        [privacy, `/privacy-policy?lang=${lang}`, '_blank'],
      ]);
      expect(textOf(p)).toContain(pub);
      expect(textOf(p)).not.toContain('<terms>');
    },
  );
});
