import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { MessageResponse } from './message';

export function confirmEmail(body: { token: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/email/confirm', body, { skipRefresh: true });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
