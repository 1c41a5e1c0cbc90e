import type { PayoutOverview } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

/** POST /stripe/processTransfers (spec §7: isEscrow false, account): pending funds to the node's account. */
export function processTransfers(accountId: string) {
  return api.post<{ data: PayoutOverview; message?: string }>('/stripe/processTransfers', {
    isEscrow: false,
    account: accountId,
  });
}

export function useProcessTransfers(organizationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: processTransfers,
    onSuccess: (res) => qc.setQueryData(donationKeys.payouts(organizationId), { data: res.data }),
  });
}
