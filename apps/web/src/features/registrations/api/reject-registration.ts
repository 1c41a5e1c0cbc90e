import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { isApiError } from '../../../lib/api/errors';
import { useRegistrationChanged } from './invalidate';

/** POST /onboarding/{id}/reject: the reason is e-mailed to the registrant in their language. */
export function rejectRegistration(id: number, reason: string) {
  return api.post<{ message?: string }>(`/onboarding/${id}/reject`, { reason });
}

export function useRejectRegistration(id: number) {
  const changed = useRegistrationChanged();
  return useMutation({
    mutationFn: (reason: string) => rejectRegistration(id, reason),
    onSuccess: () => changed(id),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void changed(id);
    },
  });
}
