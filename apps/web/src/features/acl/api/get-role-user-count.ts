import type { Role } from '@fc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { aclKeys } from './get-matrix';

/** Users holding a role: the `total` of GET /admin/user/list?role=...&perPage=1. */
export function getRoleUserCount(role: Role, signal?: AbortSignal): Promise<number> {
  return api.get<{ total: number }>('/admin/user/list', { role, perPage: 1, page: 1 }, signal).then((r) => r.total);
}

export const roleUserCountQueryOptions = (role: Role) =>
  queryOptions({ queryKey: aclKeys.roleCount(role), queryFn: ({ signal }) => getRoleUserCount(role, signal) });

export function useRoleUserCount(role: Role, enabled: boolean) {
  return useQuery({ ...roleUserCountQueryOptions(role), enabled });
}
