import type { PublicDonation } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** How often the thank-you page asks again while a payment is still processing. */
export const PROCESSING_POLL_MS = 3000;

/** GET /public/donations/{donationId}: the thank-you page (no email, no secrets). */
export function getPublicDonation(donationId: string, signal?: AbortSignal): Promise<{ data: PublicDonation }> {
  return api.get<{ data: PublicDonation }>(`/public/donations/${encodeURIComponent(donationId)}`, undefined, signal);
}

/** Stop asking after this many answers (about ten minutes): the page then offers a reload. */
const MAX_POLLS = 200;

/** A pending donation whose payment is under way (not one still waiting for a card). */
export const isSettling = (d: PublicDonation) =>
  d.status === 0 && d.intentStatus !== 'requires_payment_method' && d.intentStatus !== 'canceled';

/** Asks again every few seconds while the payment is processing, until it settles. */
export function usePublicDonation(donationId: string) {
  return useQuery({
    queryKey: publicKeys.donation(donationId),
    queryFn: ({ signal }) => getPublicDonation(donationId, signal),
    enabled: donationId.length > 0,
    retry: retryUnlessClientError,
    refetchInterval: (query) => {
      const d = query.state.data?.data;
      return d && isSettling(d) && query.state.dataUpdateCount < MAX_POLLS ? PROCESSING_POLL_MS : false;
    },
  });
}
