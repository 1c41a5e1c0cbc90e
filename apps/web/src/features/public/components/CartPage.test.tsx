/**
 * An abandoned-cart link the server refuses (spec §8): an unknown donation leads to /cart/notfound
 * ("We could not find this donation"); an unpaid attempt whose details were removed after the
 * retention period (410 DONATION_EXPIRED, Privacy Policy) to /cart/notfound?expired=1 ("no longer
 * available"), in the visitor's language, with a full page load (the server renders that page:
 * apps/api/test/site-thank-you.test.ts checks its words), and never shows an empty cart.
 */
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreferencesProvider } from '../../../lib/prefs/PreferencesProvider';
import { fakeApi } from '../../../test/network';
import { queryByTestId, render, waitFor } from '../../../test/render';
import { CartPage } from './CartPage';

const pages = (
  <PreferencesProvider>
    <Routes>
      <Route path="/donations/:donation_id/cart" element={<CartPage />} />
    </Routes>
  </PreferencesProvider>
);

afterEach(() => vi.restoreAllMocks());

/** Where the page sends the visitor: the address given to `location.replace`. */
async function open(status: number, code: string, language: 'en' | 'es' = 'en') {
  const replace = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace } as Location);
  const api = fakeApi({
    'GET /abandoned_cart/abc123': () => ({ status, json: { hasError: true, code, message: 'refused' } }),
  });
  try {
    await render(pages, { path: '/donations/abc123/cart', language });
    return await waitFor(() => {
      const to = replace.mock.calls[0]?.[0] as string | undefined;
      if (!to) throw new Error('still loading');
      return to;
    });
  } finally {
    api.restore();
  }
}

describe('a refused abandoned-cart link', () => {
  it('leads to the "no longer available" page when it was removed after the retention period', async () => {
    expect(await open(410, 'DONATION_EXPIRED')).toBe('/cart/notfound?expired=1&lang=en');
    expect(queryByTestId('cart-title')).toBeNull();
  });

  it('in Spanish too', async () => {
    expect(await open(410, 'DONATION_EXPIRED', 'es')).toBe('/cart/notfound?expired=1&lang=es');
  });

  it('leads to "not found" for a donation that does not exist', async () => {
    expect(await open(404, 'DONATION_NOT_FOUND')).toBe('/cart/notfound?lang=en');
  });
});
