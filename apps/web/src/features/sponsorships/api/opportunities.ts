import type { Opportunity, OpportunityBody, OpportunityUpdateBody } from '@fc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client';
import { type Owner, sponsorshipKeys } from './keys';

const BASE = '/admin/sponsorship_opportunity';

/** Refreshes every sponsorship query (and the dashboards' sponsorship line). */
export function useSponsorshipsChanged() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: sponsorshipKeys.all }),
      qc.invalidateQueries({ queryKey: ['dashboards'] }),
    ]);
}

/** GET /admin/sponsorship_opportunity?organizationId=|campaignId=. */
export function useOpportunities(owner: Owner) {
  return useQuery({
    queryKey: sponsorshipKeys.opportunities(owner),
    queryFn: ({ signal }) => api.get<{ data: Opportunity[] }>(BASE, { ...owner }, signal),
  });
}

/** POST /admin/sponsorship_opportunity, or PUT /admin/sponsorship_opportunity/{id}. */
export function useSaveOpportunity(id: number | null) {
  const changed = useSponsorshipsChanged();
  return useMutation({
    mutationFn: (body: OpportunityBody | OpportunityUpdateBody) =>
      id
        ? apiRequest<{ data: Opportunity }>(`${BASE}/${id}`, { method: 'PUT', body })
        : api.post<{ data: Opportunity }>(BASE, body),
    onSuccess: () => changed(),
  });
}

/** DELETE /admin/sponsorship_opportunity/{id}: only while nothing was sold or held (else 409, shown as is). */
export function useDeleteOpportunity() {
  const changed = useSponsorshipsChanged();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>(`${BASE}/${id}`, { method: 'DELETE' }),
    onSuccess: () => changed(),
  });
}

/** POST /admin/sponsopship_opportunity/{id}/image (multipart `file`; the spec's spelling). */
export function useUploadOpportunityImage() {
  const changed = useSponsorshipsChanged();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ data: Opportunity }>(`/admin/sponsopship_opportunity/${id}/image`, form);
    },
    onSuccess: () => changed(),
  });
}
