import type { LoginResponse, registerBodySchema } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';

export type RegisterBody = z.input<typeof registerBodySchema>;

export function register(body: RegisterBody): Promise<LoginResponse> {
  return api.post<LoginResponse>('/jwt/register', body, { skipRefresh: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
