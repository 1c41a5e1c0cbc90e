import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { MessageResponse } from './message';

/** POST /jwt/login-link: emails a one-time link to /otl?token=... */
export function requestLoginLink(body: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/jwt/login-link', body, { skipRefresh: true });
}

export function useRequestLoginLink() {
  return useMutation({ mutationFn: requestLoginLink });
}
