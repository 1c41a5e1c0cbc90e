import type { PublicFundraiser } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { publicKeys } from './keys';
import { retryUnlessClientError } from './retry';

/** GET /public/fundraisers/{slug}: a player's page on a campaign. */
export function getPublicFundraiser(slug: string, signal?: AbortSignal): Promise<{ data: PublicFundraiser }> {
  return api.get<{ data: PublicFundraiser }>(`/public/fundraisers/${encodeURIComponent(slug)}`, undefined, signal);
}

export function usePublicFundraiser(slug: string, enabled = true) {
  return useQuery({
    queryKey: publicKeys.fundraiser(slug),
    queryFn: ({ signal }) => getPublicFundraiser(slug, signal),
    enabled: enabled && slug.length > 0,
    retry: retryUnlessClientError,
  });
}
