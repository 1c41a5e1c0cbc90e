import type { registerBodySchema } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import type { MessageResponse } from './message';

export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST /jwt/register: the same answer whether the address is new or not (issue 12); the rest is by e-mail. */
export function register(body: RegisterBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/jwt/register', body, { skipRefresh: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
