import type { DonationListItem, DonationTotals } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type DonationListParams, donationKeys } from './keys';

export interface DonationListResponse {
  data: DonationListItem[];
  total: number;
  /** Figures for the whole filtered set, not only the page. */
  totals: DonationTotals;
}

/** GET /admin/donation/list (spec §7: search, status, limit, page, sort; plus method, kind, campaign, node, dates). */
export function getDonations(params: DonationListParams, signal?: AbortSignal): Promise<DonationListResponse> {
  return api.get<DonationListResponse>('/admin/donation/list', { ...params }, signal);
}

export function useDonations(params: DonationListParams) {
  return useQuery({
    queryKey: donationKeys.list(params),
    queryFn: ({ signal }) => getDonations(params, signal),
    placeholderData: keepPreviousData,
  });
}
