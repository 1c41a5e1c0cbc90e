import type { OfflineSponsorshipBody, Sponsor } from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, apiFile } from '../../../lib/api/client';
import { attachmentName, downloadBlob } from '../../../lib/download';
import { type Owner, type SponsorListParams, sponsorshipKeys } from './keys';
import { useSponsorshipsChanged } from './opportunities';

export interface SponsorList {
  data: Sponsor[];
  total: number;
  summary: { paidCount: number; revenueCents: number; awaitingLogo: number; awaitingApproval: number };
}

/** GET /admin/sponsorship?organizationId=|campaignId=&filter=&q=&page=&perPage=&sort=. */
export function useSponsors(owner: Owner, params: SponsorListParams) {
  return useQuery({
    queryKey: sponsorshipKeys.sponsors(owner, params),
    queryFn: ({ signal }) => api.get<SponsorList>('/admin/sponsorship', { ...owner, ...params }, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/sponsorship.csv: the same filters, every page, as a file. */
export function useSponsorsCsv(owner: Owner) {
  return useMutation({
    mutationFn: async (params: Omit<SponsorListParams, 'page' | 'perPage'>) => {
      const res = await apiFile('/admin/sponsorship.csv', { ...owner, ...params });
      downloadBlob(attachmentName(res.headers.get('content-disposition'), 'sponsors.csv'), await res.blob());
    },
  });
}

/** POST /admin/sponsorship/{id}/logo/approve. */
export function useApproveLogo() {
  const changed = useSponsorshipsChanged();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ data: Sponsor; message?: string }>(`/admin/sponsorship/${id}/logo/approve`, {}),
    onSuccess: () => changed(),
  });
}

/** POST /admin/sponsorship/{id}/logo/reject with the reason e-mailed to the buyer. */
export function useRejectLogo(id: number) {
  const changed = useSponsorshipsChanged();
  return useMutation({
    mutationFn: (body: { reason: string }) =>
      api.post<{ data: Sponsor; message?: string }>(`/admin/sponsorship/${id}/logo/reject`, body),
    onSuccess: () => changed(),
  });
}

/** POST /admin/sponsorship/offline: a unit paid outside the card flow. */
export function useRecordOffline() {
  const changed = useSponsorshipsChanged();
  return useMutation({
    mutationFn: (body: OfflineSponsorshipBody) =>
      api.post<{ data: Sponsor; message?: string }>('/admin/sponsorship/offline', body),
    onSuccess: () => changed(),
  });
}

/**
 * The donations' refund call on the sponsorship's payment, full amount (contract: the unit
 * returns to inventory): `POST /donation/{donationId}/refund`, called here as the donations
 * feature calls it (features do not import each other).
 */
export function useRefundSponsorship() {
  const changed = useSponsorshipsChanged();
  return useMutation({
    mutationFn: ({ donationId, reason, requestKey }: { donationId: number; reason: string; requestKey: string }) =>
      api.post<{ message?: string }>(`/donation/${donationId}/refund`, { reason, requestKey }),
    onSuccess: () => changed(),
  });
}
