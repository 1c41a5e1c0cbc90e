import type { UserListQuery } from '@fc/contracts';

export type UserListParams = Partial<
  Pick<UserListQuery, 'q' | 'page' | 'perPage' | 'sort' | 'sortColumn' | 'role' | 'status'>
>;

/** Query keys (ENGINEERING habit 7): mutations invalidate lists or one detail precisely. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
  organizationOptions: () => [...userKeys.all, 'organization-options'] as const,
};
