import type { Program, ProgramBody } from '@fc/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client';
import { useAffiliatesChanged } from './affiliates';
import { affiliateKeys } from './keys';

/** GET /affiliate/program: every program (staff) or those offered to the caller (an affiliate). */
export function usePrograms(enabled = true) {
  return useQuery({
    queryKey: affiliateKeys.programs(),
    queryFn: ({ signal }) => api.get<{ data: Program[] }>('/affiliate/program', undefined, signal),
    enabled,
  });
}

/** POST /affiliate/program, or PUT /affiliate/program/{id} (Super Admin; changed terms make a new version). */
export function useSaveProgram(id: number | null) {
  const changed = useAffiliatesChanged();
  return useMutation({
    mutationFn: (body: ProgramBody) =>
      id
        ? apiRequest<{ data: Program }>(`/affiliate/program/${id}`, { method: 'PUT', body })
        : api.post<{ data: Program }>('/affiliate/program', body),
    onSuccess: () => changed(),
  });
}
