import type { CampaignSummary } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { orgKeys } from './keys';

/** GET /campaign/filter?organization={id}: campaigns owned by or shared with the node. */
export function useNodeCampaigns(nodeId: number) {
  return useQuery({
    queryKey: [...orgKeys.all, 'campaigns', nodeId],
    queryFn: ({ signal }) => api.get<{ data: CampaignSummary[] }>('/campaign/filter', { organization: nodeId }, signal),
  });
}
