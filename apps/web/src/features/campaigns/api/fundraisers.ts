import type { bulkAddResultSchema, CampaignFundraiser, campaignCandidateDivisionSchema } from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { campaignKeys, type FundraiserListParams } from './keys';

export type CandidateDivision = z.infer<typeof campaignCandidateDivisionSchema>;
export type BulkAddResult = z.infer<typeof bulkAddResultSchema>;

export interface FundraiserListResponse {
  data: CampaignFundraiser[];
  total: number;
}

/** GET /campaign/{id}/fundraisers: server search, sort and pages. */
export function getFundraisers(id: number, params: FundraiserListParams, signal?: AbortSignal) {
  return api.get<FundraiserListResponse>(`/campaign/${id}/fundraisers`, { ...params }, signal);
}

export function useCampaignFundraisers(id: number, params: FundraiserListParams) {
  return useQuery({
    queryKey: campaignKeys.fundraiserList(id, params),
    queryFn: ({ signal }) => getFundraisers(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every player on the campaign, page after page (the "everyone" of resend and message). */
export async function allFundraiserIds(id: number): Promise<CampaignFundraiser[]> {
  const out: CampaignFundraiser[] = [];
  for (let page = 1; page < 1000; page++) {
    const res = await getFundraisers(id, { page, perPage: 500 });
    out.push(...res.data);
    if (res.data.length === 0 || out.length >= res.total) break;
  }
  return out;
}

/** GET /campaign/{id}/candidates: divisions in the caller's scope, with players not yet on it. */
export function useCandidates(id: number, enabled: boolean) {
  return useQuery({
    queryKey: campaignKeys.candidates(id),
    queryFn: ({ signal }) => api.get<{ data: CandidateDivision[] }>(`/campaign/${id}/candidates`, undefined, signal),
    enabled,
  });
}

/** After players change: the detail's figures, the grid, the candidates, the reports and the list. */
function useInvalidatePlayers(id: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: campaignKeys.detail(id) });
    void qc.invalidateQueries({ queryKey: campaignKeys.of(id) });
    return qc.invalidateQueries({ queryKey: campaignKeys.lists() });
  };
}

/** POST /campaign_fundraiser/bulkadd */
export function useBulkAddFundraisers(id: number) {
  const invalidate = useInvalidatePlayers(id);
  return useMutation({
    mutationFn: (body: { divisionIds: number[]; playerIds?: number[]; sendInvites: boolean }) =>
      api.post<{ data: BulkAddResult; message?: string }>('/campaign_fundraiser/bulkadd', {
        campaignId: id,
        divisionIds: body.divisionIds,
        playerIds: body.playerIds ?? [],
        sendInvites: body.sendInvites,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /campaign_fundraiser/{id}: takes the player off the campaign. */
export function useRemoveFundraiser(id: number) {
  const invalidate = useInvalidatePlayers(id);
  return useMutation({
    mutationFn: (cfid: number) => api.delete<{ message: string }>(`/campaign_fundraiser/${cfid}`),
    onSuccess: invalidate,
  });
}

export { useInvalidatePlayers };
