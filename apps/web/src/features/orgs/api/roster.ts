import type { AddPlayerBody, divisionDetailSchema, RosterEntry } from '@fc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { orgKeys } from './keys';

export type DivisionDetail = z.infer<typeof divisionDetailSchema>;

/** GET /divisions/{id}: the division's admins and its players roster. */
export function getDivision(id: number, signal?: AbortSignal): Promise<{ data: DivisionDetail }> {
  return api.get<{ data: DivisionDetail }>(`/divisions/${id}`, undefined, signal);
}

export function useDivision(id: number, enabled = true) {
  return useQuery({
    queryKey: orgKeys.division(id),
    queryFn: ({ signal }) => getDivision(id, signal),
    enabled,
  });
}

function useInvalidateRoster(divisionId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: orgKeys.division(divisionId) });
    // Player counts roll up to every ancestor and list.
    void qc.invalidateQueries({ queryKey: orgKeys.details() });
    return qc.invalidateQueries({ queryKey: orgKeys.lists() });
  };
}

/** POST /division/{id}/player */
export function useAddPlayer(divisionId: number) {
  const invalidate = useInvalidateRoster(divisionId);
  return useMutation({
    mutationFn: (body: AddPlayerBody) =>
      api.post<{ data: RosterEntry; message?: string }>(`/division/${divisionId}/player`, body),
    onSuccess: invalidate,
  });
}

/** DELETE /organization_fundraiser/{id}: takes the player off this roster. */
export function useRemoveRosterEntry(divisionId: number) {
  const invalidate = useInvalidateRoster(divisionId);
  return useMutation({
    mutationFn: (entryId: number) => api.delete<{ message: string }>(`/organization_fundraiser/${entryId}`),
    onSuccess: invalidate,
  });
}

/** POST /organization_fundraiser/{id}/resend_invites */
export function useResendRosterInvite() {
  return useMutation({
    mutationFn: (entryId: number) =>
      api.post<{ message: string }>(`/organization_fundraiser/${entryId}/resend_invites`),
  });
}

/** POST /divisions/{id}/send_invites: invites every family on the roster not invited yet (e.g. after an import). */
export function useInviteUninvited(divisionId: number) {
  const invalidate = useInvalidateRoster(divisionId);
  return useMutation({
    mutationFn: () => api.post<{ data: { sent: number }; message?: string }>(`/divisions/${divisionId}/send_invites`),
    onSuccess: invalidate,
  });
}
