import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { MessageResponse } from './message';

export function recoverPassword(body: { token: string; password: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/password/recover', body, { skipRefresh: true });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
