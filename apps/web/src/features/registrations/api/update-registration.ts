import type { UpdateRegistrationBody } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { useRegistrationChanged } from './invalidate';

/** PUT /onboarding/: staff edit answers (each step given replaces that step) or the salesperson; the lists refetch. */
export function updateRegistration(body: UpdateRegistrationBody) {
  return apiRequest<{ message?: string }>('/onboarding/', { method: 'PUT', body });
}

export function useUpdateRegistration() {
  const changed = useRegistrationChanged();
  return useMutation({
    mutationFn: updateRegistration,
    onSuccess: (_res, body) => changed(body.id),
  });
}
