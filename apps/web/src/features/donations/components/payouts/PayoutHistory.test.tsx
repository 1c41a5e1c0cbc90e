import type { Payout } from '@fc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../../../test/render';
import { PayoutHistory } from './PayoutHistory';

const payouts: Payout[] = [
  {
    id: 1,
    amountCents: 123_450,
    status: 'paid',
    providerPayoutId: 'po_sbx_1',
    arrivalDate: '2026-11-28',
    failureMessage: null,
    createdAt: '2026-11-26T05:22:00.000Z',
  },
  {
    id: 2,
    amountCents: 5_000,
    status: 'failed',
    providerPayoutId: null,
    arrivalDate: null,
    failureMessage: 'Account closed',
    createdAt: '2026-11-27T05:22:00.000Z',
  },
];

/** happy-dom answers `matchMedia` from the window's width, as a browser does. */
function setWidth(width: number) {
  (
    window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width, height: 844 });
}

afterEach(() => setWidth(1024));

describe('the payouts history (issue 12: what matters at every width)', () => {
  it('at 390 px shows a card per payout: amount and status beside the date, arrival, reference and failure under it', async () => {
    setWidth(390);
    await render(<PayoutHistory kind="payouts" rows={payouts} />, { language: 'es' });
    const list = document.querySelector('[data-testid="payouts-payouts"]')!;
    expect(list.tagName).toBe('UL');
    expect(document.querySelector('table')).toBeNull();
    const cards = [...list.querySelectorAll('[data-testid="grid-phone-row"]')];
    // Newest first.
    expect(cards.map((c) => c.querySelector('[data-testid="grid-phone-value"]')?.textContent)).toEqual([
      '50,00\u00a0US$',
      '1234,50\u00a0US$',
    ]);
    expect(cards.map((c) => c.querySelector('[data-testid="grid-phone-status"]')?.textContent)).toEqual([
      'Fallido',
      'Pagado',
    ]);
    expect(cards[0]?.textContent).toContain('Account closed');
    expect(cards[1]?.textContent).toContain('po_sbx_1');
    expect(cards[1]?.textContent).toMatch(/Llega: .*28/);
  });

  it('on a computer keeps the table with its five columns', async () => {
    await render(<PayoutHistory kind="payouts" rows={payouts} />, { language: 'en' });
    const table = document.querySelector('table[data-testid="payouts-payouts"]')!;
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Date',
      'Amount',
      'Status',
      'Arrives',
      'Reference',
    ]);
    expect(document.querySelector('[data-testid="grid-phone-row"]')).toBeNull();
  });
});
