import type { OrgDetail, UpdateOrgBody } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { orgKeys } from './keys';

/** PATCH /organization: details, slug, parent (a move) and salesperson. */
export function updateOrg(body: UpdateOrgBody): Promise<{ data: OrgDetail; message?: string }> {
  return api.patch('/organization', body);
}

export function useUpdateOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrg,
    onSuccess: (res) => {
      qc.setQueryData(orgKeys.detail(res.data.id), { data: res.data });
      // A move changes the figures of the old and new ancestors: refresh every other node.
      void qc.invalidateQueries({
        queryKey: orgKeys.details(),
        predicate: (q) => q.queryKey[2] !== res.data.id,
      });
      void qc.invalidateQueries({ queryKey: [...orgKeys.all, 'options'] });
      return qc.invalidateQueries({ queryKey: orgKeys.lists() });
    },
  });
}

/** DELETE /admin/organization/{id}: only an empty node; the server says what is still attached. */
export function useDeleteOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/admin/organization/${id}`),
    onSuccess: (_res, id) => {
      qc.removeQueries({ queryKey: orgKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: orgKeys.details() });
      void qc.invalidateQueries({ queryKey: [...orgKeys.all, 'options'] });
      return qc.invalidateQueries({ queryKey: orgKeys.lists() });
    },
  });
}
