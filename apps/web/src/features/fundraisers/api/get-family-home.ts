import type { FamilyHome } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { fundraiserKeys } from './keys';

/** GET /admin/user/campaigns: the signed-in parent's players and their campaigns. */
export function getFamilyHome(signal?: AbortSignal): Promise<{ data: FamilyHome }> {
  return api.get<{ data: FamilyHome }>('/admin/user/campaigns', undefined, signal);
}

export function useFamilyHome() {
  return useQuery({ queryKey: fundraiserKeys.home(), queryFn: ({ signal }) => getFamilyHome(signal) });
}
