import type { CampaignFundraiser } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

/** GET /campaign/{id}/fundraisers: the first 25 players of a campaign matching `q`, by name. */
export function useCampaignPlayers(campaignId: number, q: string) {
  return useQuery({
    queryKey: donationKeys.campaignPlayers(campaignId, q),
    queryFn: ({ signal }) =>
      api.get<{ data: CampaignFundraiser[]; total: number }>(
        `/campaign/${campaignId}/fundraisers`,
        { q: q || undefined, page: 1, perPage: 25, sortColumn: 'name' },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
