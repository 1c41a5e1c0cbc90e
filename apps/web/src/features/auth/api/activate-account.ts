import type { LoginResponse } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

/** POST /account/activate: sets the password of an invited user and logs them in. */
export function activateAccount(body: { token: string; password: string }): Promise<LoginResponse> {
  return api.post<LoginResponse>('/account/activate', body, { skipRefresh: true });
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
