import type { BulkAddBody, Offer, PayoutRequest } from '@fc/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { useAffiliatesChanged } from './affiliates';

/** A write of the feature that refreshes everything it shows once it is done (or refused). */
function useWrite<V, R>(fn: (v: V) => Promise<R>) {
  const changed = useAffiliatesChanged();
  return useMutation({ mutationFn: fn, onSettled: () => changed() });
}

/** POST /affiliate/invite (Super Admin): a new single-use link; the earlier ones stop working. */
export const useInvite = () =>
  useWrite((affiliateId: number) => api.post<{ message?: string }>('/affiliate/invite', { affiliateId }));

/** POST /affiliate/offer (Super Admin): offers a program to the affiliate. */
export const useOfferProgram = () =>
  useWrite((body: { affiliateId: number; programId: number }) => api.post<{ data: Offer }>('/affiliate/offer', body));

/** POST /affiliate/offer/accept (the affiliate): the terms version they read (a newer one is a 409). */
export const useAcceptOffer = () =>
  useWrite((body: { offerId: number; termsVersion: number }) =>
    api.post<{ data: Offer }>('/affiliate/offer/accept', body),
  );

/** POST /organization_affiliate/bulkadd (Super Admin): attaches organizations (an optional share override). */
export const useAttachOrganizations = () =>
  useWrite((body: BulkAddBody) =>
    api.post<{ data: { added: number; updated: number } }>('/organization_affiliate/bulkadd', body),
  );

/** DELETE /organization_affiliate/{organizationId} (Super Admin): conversions already made stay. */
export const useDetachOrganization = () =>
  useWrite((organizationId: number) => api.delete<{ message?: string }>(`/organization_affiliate/${organizationId}`));

/** POST /affiliate/{id}/commissions/pay (Super Admin): marks the approved commissions paid with a reference. */
export const usePayCommissions = (id: number) =>
  useWrite((reference: string) =>
    api.post<{ data: { paidCount: number; paidCents: number; clawbackCents: number } }>(
      `/affiliate/${id}/commissions/pay`,
      { reference },
    ),
  );

/** POST /affiliate/{id}/payout-request/decline (Super Admin), with the reason. */
export const useDeclinePayout = (id: number) =>
  useWrite((reason: string) => api.post<{ message?: string }>(`/affiliate/${id}/payout-request/decline`, { reason }));

/** POST /affiliate/{id}/payout-request (the affiliate): asks for the payable balance. */
export const useRequestPayout = (id: number) =>
  useWrite((note: string | null) =>
    api.post<{ data: PayoutRequest }>(`/affiliate/${id}/payout-request`, note ? { note } : {}),
  );
