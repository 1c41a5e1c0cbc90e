import type { CampaignReport } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { retryServerErrors } from './get-campaign';
import { campaignKeys } from './keys';

/** GET /campaign/{id}/summary, or GET /campaign/{id}/division/{divisionId} for one division. */
export function getReport(id: number, divisionId?: number, signal?: AbortSignal) {
  const path = divisionId ? `/campaign/${id}/division/${divisionId}` : `/campaign/${id}/summary`;
  return api.get<{ data: CampaignReport }>(path, undefined, signal);
}

export function useCampaignReport(id: number, divisionId?: number) {
  return useQuery({
    queryKey: campaignKeys.report(id, divisionId),
    queryFn: ({ signal }) => getReport(id, divisionId, signal),
    enabled:
      Number.isInteger(id) && id > 0 && (divisionId === undefined || (Number.isInteger(divisionId) && divisionId > 0)),
    retry: retryServerErrors,
  });
}
