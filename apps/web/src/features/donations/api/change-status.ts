import type { DonationDetail, DonationStatus } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';
import { useDonationChanged, useReloadOnConflict } from './invalidate';

export interface ChangeStatusInput {
  status: DonationStatus;
  reason: string;
}

/** PUT /donation/{id}/status/{status} with the reason (only a status the donation's `allowedStatuses` lists). */
export function changeDonationStatus(id: number, { status, reason }: ChangeStatusInput) {
  return apiRequest<{ data: DonationDetail; message?: string }>(`/donation/${id}/status/${status}`, {
    method: 'PUT',
    body: { reason },
  });
}

export function useChangeDonationStatus(id: number) {
  const changed = useDonationChanged();
  const reload = useReloadOnConflict(id);
  return useMutation({
    mutationFn: (input: ChangeStatusInput) => changeDonationStatus(id, input),
    onSuccess: (res) => changed(res.data),
    onError: reload,
  });
}
