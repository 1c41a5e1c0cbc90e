import type { PayoutOverview } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

/** GET /admin/organization/{id}/payouts: the node's account, balances, transfers and payouts. */
export function getPayouts(organizationId: number, signal?: AbortSignal): Promise<{ data: PayoutOverview }> {
  return api.get<{ data: PayoutOverview }>(`/admin/organization/${organizationId}/payouts`, undefined, signal);
}

export function usePayouts(organizationId: number) {
  return useQuery({
    queryKey: donationKeys.payouts(organizationId),
    queryFn: ({ signal }) => getPayouts(organizationId, signal),
  });
}
