import type { PublicCampaign } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** GET /public/campaigns/{slug}: the public campaign page (404 for drafts and unknown slugs). */
export function getPublicCampaign(slug: string, signal?: AbortSignal): Promise<{ data: PublicCampaign }> {
  return api.get<{ data: PublicCampaign }>(`/public/campaigns/${encodeURIComponent(slug)}`, undefined, signal);
}

export function usePublicCampaign(slug: string, enabled = true) {
  return useQuery({
    queryKey: publicKeys.campaign(slug),
    queryFn: ({ signal }) => getPublicCampaign(slug, signal),
    enabled: enabled && slug.length > 0,
    retry: retryUnlessClientError,
  });
}
