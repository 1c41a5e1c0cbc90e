/**
 * /dashboard/affiliate: the figures of GET /affiliate/{id}/dashboard for the range chosen; the
 * payout button says why it is off (a request open, nothing payable, below the minimum) and, when
 * on, sends POST /affiliate/{id}/payout-request; the referral links are the page and `?ref=`.
 */
import type { AffiliateDashboard } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/network';
import { click, getByTestId, textOf, type, waitFor } from '../../../../test/render';
import { affiliateUser, dashboard, item, ok, renderRoute } from '../../test/fixtures';
import { AffiliateDashboardPage } from './AffiliateDashboardPage';
import { payoutBlock } from './BalancesPanel';
import { daysBack } from './range';

function server(d: () => AffiliateDashboard, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /affiliate/': () => ({ json: { hasError: false, data: [item()], total: 1 } }),
    'GET /affiliate/5/dashboard': () => ok(d()),
    ...extra,
  });
}
const button = () => getByTestId<HTMLButtonElement>('payout-request');

describe('AffiliateDashboardPage (/dashboard/affiliate)', { timeout: 30_000 }, () => {
  it('shows the figures and links for the last 30 days, and asks for another range', async () => {
    const api = server(() => dashboard());
    await renderRoute(<AffiliateDashboardPage />, affiliateUser, '/dashboard/affiliate');
    await waitFor(() => expect(textOf(getByTestId('funnel-clicks'))).toBe('120'), 15_000);
    expect(textOf(getByTestId('funnel-gifts'))).toBe('11 · $880.00');
    expect(textOf(getByTestId('earn-voided'))).toBe('$3.00');
    expect(textOf(getByTestId('link-page'))).toBe(`${window.location.origin}/affiliate/ava-abbott`);
    expect(textOf(getByTestId('link-ref'))).toBe(`${window.location.origin}/?ref=ava-abbott`);
    expect(textOf(getByTestId('links-table'))).toContain('/affiliate/ava-abbott');
    const first = Object.fromEntries(api.callsTo('GET /affiliate/5/dashboard')[0]?.query ?? []);
    expect(first).toEqual(daysBack(30));
    await click(getByTestId('range-7'));
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET /affiliate/5/dashboard').at(-1)?.query ?? [])).toEqual(daysBack(7)),
    );
  });

  it('keeps the payout button off with the reason: a request open, or below the minimum', async () => {
    let d = dashboard({
      openPayoutRequest: {
        id: 61,
        amountCents: 5500,
        status: 'requested',
        note: null,
        reference: null,
        createdAt: '2026-03-01T10:00:00.000Z',
        resolvedAt: null,
      },
    });
    server(() => d);
    await renderRoute(<AffiliateDashboardPage />, affiliateUser, '/dashboard/affiliate');
    await waitFor(() => expect(textOf(getByTestId('payout-reason'))).toContain('A payout request of $55.00'), 15_000);
    expect(button().disabled).toBe(true);
    expect(button().getAttribute('aria-describedby')).toBe('payout-reason');

    d = dashboard({ balances: { ...dashboard().balances, payableCents: 1000, minPayoutCents: 2500 } });
    await click(getByTestId('range-90'));
    await waitFor(() =>
      expect(textOf(getByTestId('payout-reason'))).toBe('Payable $10.00 is below the minimum payout of $25.00.'),
    );
    expect(button().disabled).toBe(true);
    expect(payoutBlock({ balances: { ...d.balances, payableCents: 0 }, openPayoutRequest: null })).toBe('nothing');
  });

  it('requests a payout of the payable balance with a note', async () => {
    const api = server(() => dashboard(), {
      'POST /affiliate/5/payout-request': () =>
        ok({
          id: 62,
          amountCents: 5500,
          status: 'requested',
          note: 'Thanks',
          reference: null,
          createdAt: '2026-03-02T10:00:00.000Z',
          resolvedAt: null,
        }),
    });
    await renderRoute(<AffiliateDashboardPage />, affiliateUser, '/dashboard/affiliate', 'es');
    await waitFor(() => expect(button().disabled).toBe(false), 15_000);
    expect(textOf(getByTestId('payout-reason'))).toContain('Se pueden pagar');
    await click(button());
    await type(getByTestId('payout-note'), 'Thanks');
    await click(getByTestId('payout-submit'));
    await waitFor(() =>
      expect(api.callsTo('POST /affiliate/5/payout-request').map((c) => c.body)).toEqual([{ note: 'Thanks' }]),
    );
  });
});
