import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

/** GET /stripe/resendReceipt?donation={id} (spec §7): the receipt e-mailed to the donor again. */
export function resendReceipt(id: number) {
  return api.get<{ message: string }>('/stripe/resendReceipt', { donation: id });
}

export function useResendReceipt(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => resendReceipt(id),
    // The timeline gains a "receipt sent" entry.
    onSuccess: () => qc.invalidateQueries({ queryKey: donationKeys.detail(id) }),
  });
}
