import type { CreateUserBody, UserDetail } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { userKeys } from './keys';

/** POST /admin/user/create: the server emails an invitation. */
export function createUser(body: CreateUserBody): Promise<{ data: UserDetail }> {
  return api.post<{ data: UserDetail }>('/admin/user/create', body);
}

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
