import type { DonationDetail } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

/** GET /donation/{id}: amounts, timeline, refunds and what the caller may do. */
export function getDonation(id: number, signal?: AbortSignal): Promise<{ data: DonationDetail }> {
  return api.get<{ data: DonationDetail }>(`/donation/${id}`, undefined, signal);
}

export function useDonation(id: number) {
  return useQuery({
    queryKey: donationKeys.detail(id),
    queryFn: ({ signal }) => getDonation(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
