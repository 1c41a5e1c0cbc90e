import type { OrgSummary } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type OrgListParams, orgKeys } from './keys';

export interface OrgListResponse {
  data: OrgSummary[];
  total: number;
}

/** GET /admin/user_organization/filter: server-side search, filters, sort and pages. */
export function getOrgs(params: OrgListParams, signal?: AbortSignal): Promise<OrgListResponse> {
  return api.get<OrgListResponse>('/admin/user_organization/filter', { ...params }, signal);
}

export function useOrgs(params: OrgListParams, enabled = true) {
  return useQuery({
    queryKey: orgKeys.list(params),
    queryFn: ({ signal }) => getOrgs(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
