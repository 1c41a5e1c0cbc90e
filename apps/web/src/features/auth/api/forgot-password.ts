import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { MessageResponse } from './message';

export function forgotPassword(body: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/password/forgot', body, { skipRefresh: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
