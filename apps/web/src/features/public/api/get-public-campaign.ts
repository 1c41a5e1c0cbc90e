import type { PublicCampaign } from '@fc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** GET /public/campaigns/{slug}: the public campaign page (404 for drafts and unknown slugs). */
export function getPublicCampaign(slug: string, signal?: AbortSignal): Promise<{ data: PublicCampaign }> {
  return api.get<{ data: PublicCampaign }>(`/public/campaigns/${encodeURIComponent(slug)}`, undefined, signal);
}

/** The page's query (the route table starts it while the page's code loads). */
export function publicCampaignQuery(slug: string) {
  return queryOptions({
    queryKey: publicKeys.campaign(slug),
    queryFn: ({ signal }) => getPublicCampaign(slug, signal),
    retry: retryUnlessClientError,
  });
}

export function usePublicCampaign(slug: string, enabled = true) {
  return useQuery({ ...publicCampaignQuery(slug), enabled: enabled && slug.length > 0 });
}
