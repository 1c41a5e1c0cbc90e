import type { UserSummary } from '@fc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type UserListParams, userKeys } from './keys';

export interface UserListResponse {
  data: UserSummary[];
  total: number;
}

/** GET /admin/user/list */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserListResponse> {
  return api.get<UserListResponse>('/admin/user/list', { ...params }, signal);
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
