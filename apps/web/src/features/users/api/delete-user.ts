import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { userKeys } from './keys';

/** DELETE /user/{id} */
export function deleteUser(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/user/${id}`);
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_res, id) => {
      qc.removeQueries({ queryKey: userKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
