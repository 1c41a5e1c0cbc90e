import type { PayoutAccount } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

/**
 * POST /admin/stripe/complete-setup (spec §7): creates or refreshes the node's payout account.
 * Sandbox accounts are verified at once; a Stripe account stays pending with an onboarding link.
 */
export function completeSetup(organizationId: number) {
  return api.post<{ data: PayoutAccount; message?: string }>('/admin/stripe/complete-setup', { organizationId });
}

export function useCompleteSetup(organizationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => completeSetup(organizationId),
    onSuccess: () => qc.invalidateQueries({ queryKey: donationKeys.payouts(organizationId) }),
  });
}
