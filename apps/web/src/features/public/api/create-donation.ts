import type { CreateDonationBody, DonationCheckout } from '@fc/contracts';
import { api } from '../../../lib/api/client';

/** POST /public/donations: starts a checkout; the server computes every amount. */
export function createDonation(body: CreateDonationBody): Promise<{ data: DonationCheckout }> {
  return api.post<{ data: DonationCheckout }>('/public/donations', body);
}
