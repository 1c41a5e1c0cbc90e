/** @jsxRuntime automatic */
/** @jsxImportSource preact */
/// <reference lib="dom" />
/**
 * The thank-you page of a donation that is still pending when the page is rendered (the server
 * shows what the database knows). Once hydrated it asks the JSON endpoint the SPA used,
 * `GET /api/v1/public/donations/{id}`, which checks a pending payment with the processor (a
 * return from Stripe's redirect lands here before its webhook), and asks again every few seconds
 * while the payment is processing, updating the same markup in place.
 */
import { useEffect, useState } from 'preact/hooks';
import {
  isSettling,
  type ThankYouContext,
  ThankYouDetails,
  type ThankYouDetailsProps,
  type ThankYouDonation,
  type ThankYouStrings,
} from './ThankYouDetails';
import { ThankYouShare, type ThankYouShareProps } from './ThankYouShare';

/** How often the page asks again while a payment is still processing (the SPA's figure). */
export const PROCESSING_POLL_MS = 3000;
/** Stop asking after this many answers (about ten minutes), as the SPA did. */
export const MAX_POLLS = 200;

export const donationEndpoint = (id: string) => `/api/v1/public/donations/${encodeURIComponent(id)}`;

export interface ThankYouStatusProps {
  donation: ThankYouDonation;
  strings: ThankYouStrings;
  context: ThankYouContext;
  share: ThankYouShareProps;
}

async function ask(id: string): Promise<ThankYouDonation | null> {
  try {
    const res = await fetch(donationEndpoint(id), { headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: ThankYouDonation };
    return body.data ?? null;
  } catch {
    // Offline for a moment: the next turn asks again.
    return null;
  }
}

export function ThankYouStatus({ donation: initial, strings, context, share }: ThankYouStatusProps) {
  const [donation, setDonation] = useState<ThankYouDonation>(initial);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let asked = 0;
    let latest = initial;
    const turn = async () => {
      setChecking(true);
      const next = await ask(initial.donationId);
      asked += 1;
      if (!live) return;
      setChecking(false);
      if (next) {
        latest = shownDonation(next);
        setDonation(latest);
      }
      if (isSettling(latest) && asked < MAX_POLLS) timer = setTimeout(turn, PROCESSING_POLL_MS);
    };
    // A pending gift is checked once at once (the processor may already know), then while it settles.
    if (initial.status === 0) void turn();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [initial]);

  const props: ThankYouDetailsProps = {
    donation,
    strings,
    context,
    checking,
    share: <ThankYouShare {...share} />,
  };
  return <ThankYouDetails {...props} />;
}

/** Only the fields the page shows, so a larger answer does not grow the state. */
export const shownDonation = (d: ThankYouDonation): ThankYouDonation => ({
  donationId: d.donationId,
  kind: d.kind,
  status: d.status,
  intentStatus: d.intentStatus,
  amountCents: d.amountCents,
  coverFeeCents: d.coverFeeCents,
  totalCents: d.totalCents,
  anonymous: d.anonymous,
  receiptNumber: d.receiptNumber,
});
