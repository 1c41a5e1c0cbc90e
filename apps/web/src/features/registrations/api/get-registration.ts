import type { RegistrationDetail } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { registrationKeys } from './keys';

/** GET /onboarding/{id}: the record with every answer, the decision and what approval created (`data.data`). */
export function getRegistration(id: number, signal?: AbortSignal) {
  return api.get<{ data: { data: RegistrationDetail } }>(`/onboarding/${id}`, undefined, signal);
}

export function useRegistration(id: number) {
  return useQuery({
    queryKey: registrationKeys.detail(id),
    queryFn: ({ signal }) => getRegistration(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
