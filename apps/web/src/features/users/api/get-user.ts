import type { UserDetail } from '@fc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { userKeys } from './keys';

/** GET /admin/user/{id} */
export function getUser(id: number, signal?: AbortSignal): Promise<{ data: UserDetail }> {
  return api.get<{ data: UserDetail }>(`/admin/user/${id}`, undefined, signal);
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: number) {
  return useQuery({ ...userQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
