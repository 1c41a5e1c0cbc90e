import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { useRegistrationChanged } from './invalidate';

/** POST /onboarding/{id}/claim: FYS Sales take an unassigned record (they become its salesperson). */
export function claimRegistration(id: number) {
  return api.post<{ message?: string }>(`/onboarding/${id}/claim`);
}

export function useClaimRegistration(id: number) {
  const changed = useRegistrationChanged();
  return useMutation({ mutationFn: () => claimRegistration(id), onSettled: () => changed(id) });
}
