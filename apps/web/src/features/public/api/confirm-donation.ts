import type { ConfirmResult, SandboxConfirmBody } from '@fc/contracts';
import { api } from '../../../lib/api/client';

/**
 * POST /public/donations/{donationId}/confirm (sandbox provider only): pays with a test card. A
 * decline answers 200 with `result: 'requires_payment_method'`, so the donor can try another card
 * on the same donation.
 */
export function confirmDonation(donationId: string, body: SandboxConfirmBody): Promise<{ data: ConfirmResult }> {
  return api.post<{ data: ConfirmResult }>(`/public/donations/${encodeURIComponent(donationId)}/confirm`, body);
}
