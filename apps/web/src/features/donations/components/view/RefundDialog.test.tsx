import type { DonationDetail } from '@fc/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../../components/ui/ToastProvider';
import { i18nReady, loadPart } from '../../../../lib/i18n';
import { RefundDialog } from './RefundDialog';

// React's act() environment flag for a test renderer without Testing Library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const donation = {
  id: 7,
  amountCents: 5000,
  coverFeeCents: 0,
  refundedCents: 0,
  netCents: 5000,
  refundableCents: 5000,
  donorName: 'Dana Giver',
  status: 1,
} as DonationDetail;

let root: Root | null = null;
let host: HTMLElement | null = null;

async function open() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <RefundDialog donation={donation} onClose={() => {}} />
        </ToastProvider>
      </QueryClientProvider>,
    );
  });
}
const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
const amountInput = () =>
  (byTestId('refund-amount')?.querySelector('input') ?? byTestId('refund-amount')) as HTMLInputElement;

describe('RefundDialog (issue 12: not pre-filled with the full amount)', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadPart('console');
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    host?.remove();
    vi.unstubAllGlobals();
  });

  it('starts empty, shows the maximum, and refuses to submit until an amount is typed', async () => {
    const fetchFn = vi.fn();
    vi.stubGlobal('fetch', fetchFn);
    await open();
    expect(amountInput().value).toBe('');
    expect(byTestId('refund-max')?.textContent).toBe('Up to $50.00');
    expect(byTestId('refund-confirm')?.textContent).toBe('Refund');
    await act(async () => {
      (byTestId('refund-confirm') as HTMLButtonElement).click();
    });
    expect(fetchFn).not.toHaveBeenCalled();
    expect(byTestId('refund-max')).toBeNull(); // the field's error replaces the hint
    // The shortcut fills in the whole remainder; the button then states it.
    await act(async () => {
      (byTestId('refund-full') as HTMLButtonElement).click();
    });
    expect(amountInput().value).toBe('50');
    expect(byTestId('refund-confirm')?.textContent).toBe('Refund $50.00');
  });
});
