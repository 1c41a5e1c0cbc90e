import type { switchBodySchema, switchResponseSchema } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';

export type SwitchBody = z.input<typeof switchBodySchema>;
export type SwitchResponse = z.infer<typeof switchResponseSchema>;

/** POST /user/switch: new active profile, new token pair and abilities. */
export function switchProfile(body: SwitchBody): Promise<SwitchResponse> {
  return api.post<SwitchResponse>('/user/switch', body);
}

export function useSwitchProfile() {
  return useMutation({ mutationFn: switchProfile });
}
