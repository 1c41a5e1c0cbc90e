import type { CampaignSummary } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { campaignKeys } from './keys';

/**
 * GET /admin/campaign/listbyuser/?userId=&userRole= (spec §7): every campaign the signed-in
 * user may see; the page filters them on the client as spec §5 says.
 */
export function getCampaigns(
  userId: number,
  userRole: string,
  signal?: AbortSignal,
): Promise<{ data: CampaignSummary[] }> {
  return api.get<{ data: CampaignSummary[] }>('/admin/campaign/listbyuser/', { userId, userRole }, signal);
}

export function useCampaigns() {
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const role = user?.role ?? '';
  return useQuery({
    queryKey: campaignKeys.list(userId, role),
    queryFn: ({ signal }) => getCampaigns(userId, role, signal),
    enabled: userId > 0,
  });
}
