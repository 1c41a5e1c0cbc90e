import type { AbandonedCart, DonationCheckout, resumeCartBodySchema } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

export type ResumeCartBody = z.input<typeof resumeCartBodySchema>;

/** GET /abandoned_cart/{donationId}: an unfinished (or finished) donation to come back to. */
export function getAbandonedCart(donationId: string, signal?: AbortSignal): Promise<{ data: AbandonedCart }> {
  return api.get<{ data: AbandonedCart }>(`/abandoned_cart/${encodeURIComponent(donationId)}`, undefined, signal);
}

export function useAbandonedCart(donationId: string) {
  return useQuery({
    queryKey: publicKeys.cart(donationId),
    queryFn: ({ signal }) => getAbandonedCart(donationId, signal),
    enabled: donationId.length > 0,
    retry: retryUnlessClientError,
  });
}

/**
 * POST /abandoned_cart/{donationId}: resume with the same payment intent, optionally with another
 * amount or fee choice. 409 DONATION_NOT_RESUMABLE once completed, refunded or cancelled.
 */
export function resumeCart(donationId: string, body: ResumeCartBody): Promise<{ data: DonationCheckout }> {
  return api.post<{ data: DonationCheckout }>(`/abandoned_cart/${encodeURIComponent(donationId)}`, body);
}
