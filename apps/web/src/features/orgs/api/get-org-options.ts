import type { OrgRef } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type OrgOptionsParams, orgKeys } from './keys';

/** GET /admin/organization/filter: options for parent pickers (server search). */
export function getOrgOptions(params: OrgOptionsParams, signal?: AbortSignal): Promise<{ data: OrgRef[] }> {
  return api.get<{ data: OrgRef[] }>(
    '/admin/organization/filter',
    {
      organizationType: params.organizationType,
      parent: params.parent,
      q: params.q,
      writable: params.writable ? 1 : undefined,
    },
    signal,
  );
}

export function useOrgOptions(params: OrgOptionsParams, enabled = true) {
  return useQuery({
    queryKey: orgKeys.options(params),
    queryFn: ({ signal }) => getOrgOptions(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
