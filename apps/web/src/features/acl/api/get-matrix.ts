import type { RoleMatrix } from '@fc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const aclKeys = {
  all: ['acl'] as const,
  matrix: () => [...aclKeys.all, 'matrix'] as const,
  roleCount: (role: string) => [...aclKeys.all, 'role-count', role] as const,
};

/** GET /acl/matrix: every role, its home and its rules with their scope. */
export function getMatrix(signal?: AbortSignal): Promise<{ data: RoleMatrix }> {
  return api.get<{ data: RoleMatrix }>('/acl/matrix', undefined, signal);
}

export const matrixQueryOptions = () =>
  queryOptions({ queryKey: aclKeys.matrix(), queryFn: ({ signal }) => getMatrix(signal), staleTime: 5 * 60_000 });

export function useMatrix(enabled = true) {
  return useQuery({ ...matrixQueryOptions(), enabled });
}
