/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/**
 * The thank-you status island: hydrates the server's markup of a pending gift in place, asks the
 * JSON endpoint at once, asks again every few seconds while the payment is processing, and shows
 * the thanks, receipt number and share card when it completes; an unpaid gift is asked once.
 */
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../entries/hydrate';
import { Island } from '../lib/island';
import type { ThankYouDonation, ThankYouStrings } from './ThankYouDetails';
import { ThankYouShare } from './ThankYouShare';
import { donationEndpoint, PROCESSING_POLL_MS, ThankYouStatus, type ThankYouStatusProps } from './ThankYouStatus';

const strings = Object.fromEntries(
  [
    'completedTitle',
    'completedBody',
    'processingTitle',
    'processingBody',
    'checking',
    'autoUpdate',
    'failedTitle',
    'unpaidTitle',
    'unpaidBody',
    'tryAgain',
    'refundedTitle',
    'cancelledTitle',
    'closedBody',
    'details',
    'gift',
    'processingFee',
    'total',
    'organization',
    'campaign',
    'player',
    'receipt',
    'shown',
    'anonymous',
    'receiptSent',
    'back',
    'sharePrompt',
  ].map((k) => [k, `<${k}>`]),
) as unknown as ThankYouStrings;

const pending: ThankYouDonation = {
  donationId: 'abcdefghijklmnop1234',
  kind: 'gift',
  status: 0,
  intentStatus: 'processing',
  amountCents: 2500,
  coverFeeCents: 106,
  totalCents: 2606,
  anonymous: false,
  receiptNumber: null,
};

const props = (donation: ThankYouDonation): ThankYouStatusProps => ({
  donation,
  strings,
  context: {
    lang: 'en',
    organization: 'Riverside',
    campaign: 'Spring Drive',
    player: null,
    backHref: '/campaigns/spring?lang=en',
    cartHref: `/donations/${donation.donationId}/cart?lang=en`,
  },
  share: {
    url: 'https://give.example.org/campaigns/spring',
    name: 'Spring Drive',
    strings: {
      title: 'Share',
      link: 'Link',
      copy: 'Copy',
      copied: 'Copied',
      copiedLong: 'Copied long',
      shareOn: 'Share on',
      email: 'Email',
      emailBody: 'Help',
    },
  },
});

const title = () => document.querySelector('[data-testid="page-title"]')?.textContent;
const answer = (d: ThankYouDonation) => new Response(JSON.stringify({ data: d }), { status: 200 });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

async function mount(d: ThankYouDonation) {
  document.body.innerHTML = renderToString(<Island name="thankyou" component={ThankYouStatus} props={props(d)} />);
  const heading = document.querySelector('h1');
  await act(() => hydrateIslands({ thankyou: ThankYouStatus, share: ThankYouShare }));
  return heading;
}

describe('thank-you status island', () => {
  it('asks at once, again while processing, and shows the thanks and receipt when it completes', async () => {
    const errors = vi.spyOn(console, 'error');
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(answer(pending))
      .mockResolvedValueOnce(answer({ ...pending, status: 1, intentStatus: 'succeeded', receiptNumber: 'FC-7' }));
    const heading = await mount(pending);
    expect(title()).toBe('<processingTitle>');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(donationEndpoint(pending.donationId));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(title()).toBe('<completedTitle>');
    // Updated in place: the server's heading is the same node.
    expect(document.querySelector('h1')).toBe(heading);
    expect(document.querySelector('[data-testid="thankyou-receipt"]')?.textContent).toBe('FC-7');
    expect(document.querySelector('[data-testid="share-url"]')).not.toBeNull();
    // Settled: no more questions.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(errors).not.toHaveBeenCalled();
  });

  it('an unpaid gift is asked once (a return from the processor may have paid it), then left alone', async () => {
    const unpaid = { ...pending, intentStatus: 'requires_payment_method' };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(unpaid));
    await mount(unpaid);
    expect(title()).toBe('<unpaidTitle>');
    expect(document.querySelector('[data-testid="thankyou-retry"]')?.getAttribute('href')).toContain('/cart');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS * 3);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps asking after a network failure while the payment is processing', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(answer({ ...pending, status: 1, intentStatus: 'succeeded' }));
    await mount(pending);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PROCESSING_POLL_MS);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(title()).toBe('<completedTitle>');
  });
});
