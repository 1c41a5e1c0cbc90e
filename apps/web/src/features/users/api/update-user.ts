import type { UpdateUserBody, UserDetail } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { userKeys } from './keys';

/** PATCH /user (own profile without id, someone else's with id). */
export function updateUser(body: UpdateUserBody): Promise<{ data: UserDetail }> {
  return api.patch<{ data: UserDetail }>('/user', body);
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (res) => {
      qc.setQueryData(userKeys.detail(res.data.id), res);
      return qc.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
