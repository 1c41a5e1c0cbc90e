import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { isApiError } from '../../../lib/api/errors';
import { useRegistrationChanged } from './invalidate';

/**
 * POST /onboarding/{id}/approve: creates, in one transaction, what the answers describe. A 409
 * (a web address taken since, or decided meanwhile) creates nothing: the record is read again.
 */
export function approveRegistration(id: number) {
  return api.post<{ message?: string }>(`/onboarding/${id}/approve`);
}

export function useApproveRegistration(id: number) {
  const changed = useRegistrationChanged();
  return useMutation({
    mutationFn: () => approveRegistration(id),
    onSuccess: () => changed(id),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void changed(id);
    },
  });
}
