import type { CampaignDetail } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { isApiError } from '../../../lib/api/errors';
import { campaignKeys } from './keys';

/** GET /campaign/{id}: details, divisions, sharing, fee requests, totals and `can`. */
export function getCampaign(id: number, signal?: AbortSignal): Promise<{ data: CampaignDetail }> {
  return api.get<{ data: CampaignDetail }>(`/campaign/${id}`, undefined, signal);
}

/** A 4xx (outside the caller's scope, or gone) will not change by asking again. */
export const retryServerErrors = (count: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && count < 2;

export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) => getCampaign(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: retryServerErrors,
  });
}
