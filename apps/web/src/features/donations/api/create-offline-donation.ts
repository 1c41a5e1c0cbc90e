import type { DonationDetail, OfflineDonationBody } from '@fc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { donationKeys } from './keys';

/** POST /admin/donation_form: a cash or check gift entered by staff (`/system/dataentry`). */
export function createOfflineDonation(body: OfflineDonationBody) {
  return api.post<{ data: DonationDetail; message?: string }>('/admin/donation_form', body);
}

export function useCreateOfflineDonation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOfflineDonation,
    onSuccess: (res) => {
      qc.setQueryData(donationKeys.detail(res.data.id), { data: res.data });
      void qc.invalidateQueries({ queryKey: donationKeys.payoutsAll() });
      // Campaign and player totals count offline gifts too.
      void qc.invalidateQueries({ queryKey: ['campaigns'] });
      return qc.invalidateQueries({ queryKey: donationKeys.lists() });
    },
  });
}
