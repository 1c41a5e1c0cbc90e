import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { userKeys } from './keys';

/**
 * Shape of GET /admin/organization/options. packages/contracts has no schema for it yet: this
 * mirrors the documented response and should move there when the API adds one.
 */
export interface OrganizationOption {
  id: number;
  name: string;
  typeId: number;
}

export function getOrganizationOptions(signal?: AbortSignal): Promise<{ data: OrganizationOption[] }> {
  return api.get<{ data: OrganizationOption[] }>('/admin/organization/options', undefined, signal);
}

export const organizationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.organizationOptions(),
    queryFn: ({ signal }) => getOrganizationOptions(signal),
    staleTime: 5 * 60_000,
  });

export function useOrganizationOptions(enabled: boolean) {
  return useQuery({ ...organizationOptionsQueryOptions(), enabled });
}
