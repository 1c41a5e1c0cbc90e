import type { DonationDetail } from '@fc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/errors';
import { donationKeys } from './keys';

/** After a donation changed: store the server's answer, refresh the lists, donors and balances. */
export function useDonationChanged() {
  const qc = useQueryClient();
  return (donation: DonationDetail) => {
    qc.setQueryData(donationKeys.detail(donation.id), { data: donation });
    void qc.invalidateQueries({ queryKey: donationKeys.donors() });
    void qc.invalidateQueries({ queryKey: donationKeys.payoutsAll() });
    return qc.invalidateQueries({ queryKey: donationKeys.lists() });
  };
}

/** After a refused change (409: it changed meanwhile): show the donation as it is now. */
export function useReloadOnConflict(id: number) {
  const qc = useQueryClient();
  return (error: unknown) => {
    if (!isApiError(error) || error.status !== 409) return;
    void qc.invalidateQueries({ queryKey: donationKeys.detail(id) });
    void qc.invalidateQueries({ queryKey: donationKeys.lists() });
  };
}
