import type { FeeRequest } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client';
import { campaignKeys } from './keys';

export interface FeeRequestInput {
  label: string;
  amountCents: number;
  dueDate: string | null;
}

/** Fee requests live on the campaign's detail: every change refreshes it. */
function useRefreshDetail(campaignId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
}

/** POST /fee_requests */
export function useCreateFeeRequest(campaignId: number) {
  const refresh = useRefreshDetail(campaignId);
  return useMutation({
    mutationFn: (body: FeeRequestInput) =>
      api.post<{ data: FeeRequest; message?: string }>('/fee_requests', { campaignId, ...body }),
    onSuccess: refresh,
  });
}

/** PUT /fee_requests/{id} */
export function useUpdateFeeRequest(campaignId: number) {
  const refresh = useRefreshDetail(campaignId);
  return useMutation({
    mutationFn: ({ id, ...body }: FeeRequestInput & { id: number }) =>
      apiRequest<{ data: FeeRequest; message?: string }>(`/fee_requests/${id}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** DELETE /fee_requests/{id} */
export function useDeleteFeeRequest(campaignId: number) {
  const refresh = useRefreshDetail(campaignId);
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/fee_requests/${id}`),
    onSuccess: refresh,
  });
}
