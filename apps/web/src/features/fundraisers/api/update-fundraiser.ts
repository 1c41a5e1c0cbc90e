import type { FundraiserDetail, UpdateFundraiserBody } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { fundraiserKeys } from './keys';

/** PATCH /fundraiser/{id}: names, parent, contact details, birth date and privacy choices. */
export function updateFundraiser(id: number, body: UpdateFundraiserBody) {
  return api.patch<{ data: FundraiserDetail; message?: string }>(`/fundraiser/${id}`, body);
}

export function useUpdateFundraiser(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFundraiserBody) => updateFundraiser(id, body),
    onSuccess: (res) => {
      qc.setQueryData(fundraiserKeys.detail(id), { data: res.data });
      void qc.invalidateQueries({ queryKey: fundraiserKeys.home() });
      return qc.invalidateQueries({ queryKey: fundraiserKeys.lists() });
    },
  });
}
