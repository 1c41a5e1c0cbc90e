import type { FundraiserDetail } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { fundraiserKeys } from './keys';

/** GET /fundraiser/{id}: the player with divisions, campaigns and contacts. */
export function getFundraiser(id: number, signal?: AbortSignal): Promise<{ data: FundraiserDetail }> {
  return api.get<{ data: FundraiserDetail }>(`/fundraiser/${id}`, undefined, signal);
}

export function useFundraiser(id: number, enabled = true) {
  return useQuery({
    queryKey: fundraiserKeys.detail(id),
    queryFn: ({ signal }) => getFundraiser(id, signal),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}
