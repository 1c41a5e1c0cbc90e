import type { PayoutOverview } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

export interface PayoutInput {
  accountId: string;
  /** Omitted: everything available. */
  amountCents?: number;
}

/** POST /stripe/{accountId}/payout (spec §7): from the node's payout account to its bank. */
export function createPayout({ accountId, amountCents }: PayoutInput) {
  return api.post<{ data: PayoutOverview; message?: string }>(
    `/stripe/${encodeURIComponent(accountId)}/payout`,
    amountCents === undefined ? {} : { amountCents },
  );
}

export function useCreatePayout(organizationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPayout,
    onSuccess: (res) => qc.setQueryData(donationKeys.payouts(organizationId), { data: res.data }),
  });
}
