import type { FundraiserCampaign, UpdateFundraiserCampaignBody } from '@fc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { fundraiserKeys } from './keys';

/** GET /fundraiser/{id}/campaign/{campaign}: one player's page settings and totals for a campaign. */
export function getFundraiserCampaign(id: number, campaignId: number, signal?: AbortSignal) {
  return api.get<{ data: FundraiserCampaign }>(`/fundraiser/${id}/campaign/${campaignId}`, undefined, signal);
}

export function useFundraiserCampaign(id: number, campaignId: number) {
  return useQuery({
    queryKey: fundraiserKeys.campaign(id, campaignId),
    queryFn: ({ signal }) => getFundraiserCampaign(id, campaignId, signal),
    enabled: id > 0 && campaignId > 0,
  });
}

/** PATCH /fundraiser/{fundraiserId}/campaign/{campaignId}/: personal goal, reason, page address. */
export function useUpdateFundraiserCampaign(id: number, campaignId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFundraiserCampaignBody) =>
      api.patch<{ data: FundraiserCampaign; message?: string }>(`/fundraiser/${id}/campaign/${campaignId}/`, body),
    onSuccess: (res) => {
      qc.setQueryData(fundraiserKeys.campaign(id, campaignId), { data: res.data });
      void qc.invalidateQueries({ queryKey: fundraiserKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: fundraiserKeys.home() });
    },
  });
}
