import type { PublicFundraiser } from '@fc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** GET /public/fundraisers/{slug}: a player's page on a campaign. */
export function getPublicFundraiser(slug: string, signal?: AbortSignal): Promise<{ data: PublicFundraiser }> {
  return api.get<{ data: PublicFundraiser }>(`/public/fundraisers/${encodeURIComponent(slug)}`, undefined, signal);
}

/** The page's query (the route table starts it while the page's code loads). */
export function publicFundraiserQuery(slug: string) {
  return queryOptions({
    queryKey: publicKeys.fundraiser(slug),
    queryFn: ({ signal }) => getPublicFundraiser(slug, signal),
    retry: retryUnlessClientError,
  });
}

export function usePublicFundraiser(slug: string, enabled = true) {
  return useQuery({ ...publicFundraiserQuery(slug), enabled: enabled && slug.length > 0 });
}
