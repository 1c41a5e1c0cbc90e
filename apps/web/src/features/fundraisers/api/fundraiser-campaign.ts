import type { FundraiserCampaign, UpdateFundraiserCampaignBody, validateUrlResultSchema } from '@fc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { fundraiserKeys } from './keys';

export type SlugCheck = z.infer<typeof validateUrlResultSchema>;

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

/** GET /fundraiser/validate-url/{url}?showDetail=0&exclude={cfid}: is this page address free? */
export function validatePageSlug(slug: string, exclude?: number, signal?: AbortSignal) {
  return api.get<{ data: SlugCheck }>(
    `/fundraiser/validate-url/${encodeURIComponent(slug)}`,
    { showDetail: 0, exclude },
    signal,
  );
}

export function usePageSlugCheck(slug: string, exclude?: number) {
  return useQuery({
    queryKey: fundraiserKeys.slug(slug, exclude),
    queryFn: ({ signal }) => validatePageSlug(slug, exclude, signal),
    enabled: slug.length > 0,
    staleTime: 10_000,
    retry: false,
  });
}
