import type { DonorProfile } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

/** GET /donor/{id}: the donor and their gifts in the caller's scope. */
export function getDonor(id: number, signal?: AbortSignal): Promise<{ data: DonorProfile }> {
  return api.get<{ data: DonorProfile }>(`/donor/${id}`, undefined, signal);
}

export function useDonor(id: number) {
  return useQuery({
    queryKey: donationKeys.donor(id),
    queryFn: ({ signal }) => getDonor(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
