import type { DonationDetail } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { useDonationChanged, useReloadOnConflict } from './invalidate';

export interface RefundInput {
  /** Omitted: everything still refundable. */
  amountCents?: number;
  reason: string;
  /** Made once per dialog opening, so a double submit is one refund. */
  requestKey: string;
}

/** POST /donation/{id}/refund: out of the gift first, then the covered fee. */
export function refundDonation(id: number, body: RefundInput) {
  return api.post<{ data: DonationDetail; message?: string }>(`/donation/${id}/refund`, body);
}

export function useRefundDonation(id: number) {
  const changed = useDonationChanged();
  const reload = useReloadOnConflict(id);
  return useMutation({
    mutationFn: (body: RefundInput) => refundDonation(id, body),
    onSuccess: (res) => changed(res.data),
    onError: reload,
  });
}
