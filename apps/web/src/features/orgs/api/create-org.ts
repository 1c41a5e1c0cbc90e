import type { CreateOrgBody, createDivisionBodySchema, OrgDetail } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { orgKeys } from './keys';

type CreateDivisionBody = z.infer<typeof createDivisionBodySchema>;

/**
 * POST /admin/organization/create, or POST /admin/division/create for a division (the
 * division route takes the same fields without `typeId` and `salesUserId`).
 */
export function createOrg(body: CreateOrgBody): Promise<{ data: OrgDetail; message?: string }> {
  if (body.typeId === 4) {
    const { typeId: _t, salesUserId: _s, parentId, ...rest } = body;
    const division: CreateDivisionBody = { ...rest, parentId: parentId ?? 0 };
    return api.post('/admin/division/create', division);
  }
  return api.post('/admin/organization/create', body);
}

export function useCreateOrg() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOrg,
    onSuccess: (res) => {
      qc.setQueryData(orgKeys.detail(res.data.id), { data: res.data });
      if (res.data.parentId) void qc.invalidateQueries({ queryKey: orgKeys.detail(res.data.parentId) });
      for (const a of res.data.ancestors) void qc.invalidateQueries({ queryKey: orgKeys.detail(a.id) });
      return qc.invalidateQueries({ queryKey: orgKeys.lists() });
    },
  });
}
