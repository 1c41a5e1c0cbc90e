import type { LoginResponse } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

/** POST /jwt/otl: trades a one-time login token for a session. */
export function loginWithOneTimeToken(body: { token: string }): Promise<LoginResponse> {
  return api.post<LoginResponse>('/jwt/otl', body, { skipRefresh: true });
}

export function useOneTimeLogin() {
  return useMutation({ mutationFn: loginWithOneTimeToken });
}
