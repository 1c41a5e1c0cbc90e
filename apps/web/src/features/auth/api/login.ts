import type { LoginResponse, loginBodySchema } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';

export type LoginBody = z.input<typeof loginBodySchema>;

/** POST /jwt/login: a 401 here means bad credentials, not an expired session. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/jwt/login', body, { skipRefresh: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
