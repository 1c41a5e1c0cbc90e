import type { passwordResetBodySchema } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';

export type ChangePasswordBody = z.input<typeof passwordResetBodySchema>;

/** POST /password/reset: own password needs currentPassword; the message goes to a toast. */
export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/password/reset', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
