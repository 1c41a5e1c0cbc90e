import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client';
import { fundraiserKeys } from './keys';

/** POST /admin/fundraiser/{id}/resendInvitation: a new invitation email to the family. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/admin/fundraiser/${id}/resendInvitation`),
  });
}

/** DELETE /organization_fundraiser (body: the roster entry id): takes the player off one division's roster. */
export function useRemoveFromDivision(playerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) =>
      apiRequest<{ message: string }>('/organization_fundraiser', { method: 'DELETE', body: { id: entryId } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: fundraiserKeys.detail(playerId) });
      return qc.invalidateQueries({ queryKey: fundraiserKeys.lists() });
    },
  });
}
