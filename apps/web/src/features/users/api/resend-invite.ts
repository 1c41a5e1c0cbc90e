import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

/** POST /user/resendInvite */
export function resendInvite(id: number): Promise<{ message: string }> {
  return api.post<{ message: string }>('/user/resendInvite', { id });
}

export function useResendInvite() {
  return useMutation({ mutationFn: resendInvite });
}
