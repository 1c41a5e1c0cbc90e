import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client';
import { campaignKeys } from './keys';

function useRefresh(campaignId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
    return qc.invalidateQueries({ queryKey: campaignKeys.lists() });
  };
}

/**
 * Shares the campaign with one node (PUT /organization_campaign/) or several at once
 * (POST /organization_campaign/bulkadd).
 */
export function useShareCampaign(campaignId: number) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: (organizationIds: number[]) =>
      organizationIds.length === 1
        ? apiRequest<{ message?: string }>('/organization_campaign/', {
            method: 'PUT',
            body: { campaignId, organizationId: organizationIds[0] },
          })
        : api.post<{ message?: string }>('/organization_campaign/bulkadd', { campaignId, organizationIds }),
    onSuccess: refresh,
  });
}

/** DELETE /organization_campaign/ {campaignId, organizationId} */
export function useUnshareCampaign(campaignId: number) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: (organizationId: number) =>
      apiRequest<{ message: string }>('/organization_campaign/', {
        method: 'DELETE',
        body: { campaignId, organizationId },
      }),
    onSuccess: refresh,
  });
}
