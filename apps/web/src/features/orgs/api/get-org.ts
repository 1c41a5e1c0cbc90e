import type { OrgDetail } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { isApiError } from '../../../lib/api/errors';
import { orgKeys } from './keys';

/** GET /admin/organization/?organization={id}: details, ancestors, children, roll-up, `can`. */
export function getOrg(id: number, signal?: AbortSignal): Promise<{ data: OrgDetail }> {
  return api.get<{ data: OrgDetail }>('/admin/organization/', { organization: id }, signal);
}

export function useOrg(id: number) {
  return useQuery({
    queryKey: orgKeys.detail(id),
    queryFn: ({ signal }) => getOrg(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // A 404 (outside the caller's scope) will not change by asking again.
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
}
