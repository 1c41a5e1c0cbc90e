import type { StoredUser } from '@fc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export const meKeys = { all: ['me'] as const };

/** GET /user/me: the current user with fresh abilities. */
export function getMe(signal?: AbortSignal): Promise<{ data: StoredUser }> {
  return api.get<{ data: StoredUser }>('/user/me', undefined, signal);
}

export const meQueryOptions = () => queryOptions({ queryKey: meKeys.all, queryFn: ({ signal }) => getMe(signal) });

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
