import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { registrationKeys } from './keys';

/** DELETE /onboardings/delete?id=: an unsubmitted or rejected record only; the lists reload. */
export function deleteRegistration(id: number) {
  return apiRequest<{ message?: string }>('/onboardings/delete', { method: 'DELETE', query: { id } });
}

export function useDeleteRegistration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteRegistration,
    onSuccess: (_res, id) => {
      qc.removeQueries({ queryKey: registrationKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: registrationKeys.lists() });
    },
  });
}
