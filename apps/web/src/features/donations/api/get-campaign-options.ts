import type { CampaignSummary } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { donationKeys } from './keys';

/**
 * GET /admin/campaign/listbyuser/ (spec §7): the campaigns the signed-in user may see, for the
 * donation filters and the data-entry form. The donations feature asks for them itself rather
 * than importing the campaigns feature's hook (features do not import each other: decision 015).
 */
export function useCampaignOptions() {
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const role = user?.role ?? '';
  return useQuery({
    queryKey: donationKeys.campaignOptions(userId, role),
    queryFn: ({ signal }) =>
      api.get<{ data: CampaignSummary[] }>('/admin/campaign/listbyuser/', { userId, userRole: role }, signal),
    enabled: userId > 0,
  });
}
