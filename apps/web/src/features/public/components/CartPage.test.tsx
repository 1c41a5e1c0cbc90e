/**
 * An abandoned-cart link the server refuses (spec §8): an unknown donation leads to "We could not
 * find this donation"; an unpaid attempt whose details were removed after the retention period
 * (410 DONATION_EXPIRED, Privacy Policy) says the donation is no longer available, in both
 * languages, and never shows an empty cart.
 */
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PreferencesProvider } from '../../../lib/prefs/PreferencesProvider';
import { fakeApi } from '../../../test/network';
import { queryByTestId, render, textOf, waitFor } from '../../../test/render';
import { CartNotFoundPage } from './CartNotFoundPage';
import { CartPage } from './CartPage';

const pages = (
  <PreferencesProvider>
    <Routes>
      <Route path="/donations/:donation_id/cart" element={<CartPage />} />
      <Route path="/cart/notfound" element={<CartNotFoundPage />} />
    </Routes>
  </PreferencesProvider>
);

async function open(status: number, code: string, language: 'en' | 'es' = 'en') {
  const api = fakeApi({
    'GET /abandoned_cart/abc123': () => ({ status, json: { hasError: true, code, message: 'refused' } }),
  });
  try {
    await render(pages, { path: '/donations/abc123/cart', language });
    return await waitFor(() => {
      const shown = queryByTestId('cart-expired') ?? queryByTestId('cart-not-found');
      if (!shown) throw new Error('still loading');
      return shown;
    });
  } finally {
    api.restore();
  }
}

describe('a refused abandoned-cart link', () => {
  it('says the donation is no longer available when it was removed after the retention period', async () => {
    const shown = await open(410, 'DONATION_EXPIRED');
    expect(shown.getAttribute('data-testid')).toBe('cart-expired');
    expect(textOf(shown)).toContain('This donation is no longer available');
    expect(queryByTestId('cart-title')).toBeNull();
  });

  it('says so in Spanish too', async () => {
    const shown = await open(410, 'DONATION_EXPIRED', 'es');
    expect(textOf(shown)).toContain('Esta donación ya no está disponible');
  });

  it('still says "not found" for a donation that does not exist', async () => {
    const shown = await open(404, 'DONATION_NOT_FOUND');
    expect(shown.getAttribute('data-testid')).toBe('cart-not-found');
    expect(textOf(shown)).toContain('We could not find this donation');
  });
});
