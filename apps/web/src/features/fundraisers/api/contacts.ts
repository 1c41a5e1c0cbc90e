import type {
  CreateContactsBody,
  CreateContactsResult,
  FundraiserContact,
  InviteContactsBody,
  InviteContactsResult,
  UpdateContactBody,
} from '@fc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { fundraiserKeys } from './keys';

/** GET /fundraiser/{id}/contacts?campaign={campaignId}: the people this player asks for support. */
export function getContacts(id: number, campaignId: number, signal?: AbortSignal) {
  return api.get<{ data: FundraiserContact[] }>(`/fundraiser/${id}/contacts`, { campaign: campaignId }, signal);
}

export function useContacts(id: number, campaignId: number) {
  return useQuery({
    queryKey: fundraiserKeys.contacts(id, campaignId),
    queryFn: ({ signal }) => getContacts(id, campaignId, signal),
    enabled: id > 0 && campaignId > 0,
  });
}

/** Contact counts show on the campaign card, the player and the family home. */
function useInvalidateContacts(id: number, campaignId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: fundraiserKeys.campaign(id, campaignId) });
    void qc.invalidateQueries({ queryKey: fundraiserKeys.detail(id) });
    void qc.invalidateQueries({ queryKey: fundraiserKeys.home() });
    return qc.invalidateQueries({ queryKey: fundraiserKeys.contacts(id, campaignId) });
  };
}

/** POST /fundraiser_contact: one contact or a whole pasted list in one call. */
export function useCreateContacts(id: number, campaignId: number) {
  const invalidate = useInvalidateContacts(id, campaignId);
  return useMutation({
    mutationFn: (contacts: CreateContactsBody['contacts']) =>
      api.post<{ data: CreateContactsResult; message?: string }>('/fundraiser_contact', {
        fundraiserId: id,
        campaignId,
        contacts,
      }),
    onSuccess: invalidate,
  });
}

/** POST /fundraiser_contact/update */
export function useUpdateContact(id: number, campaignId: number) {
  const invalidate = useInvalidateContacts(id, campaignId);
  return useMutation({
    mutationFn: (body: Omit<UpdateContactBody, 'fundraiserId'>) =>
      api.post<{ data: FundraiserContact; message?: string }>('/fundraiser_contact/update', {
        ...body,
        fundraiserId: id,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /fundraiser/{fundraiser}/contact/{contactid} */
export function useDeleteContact(id: number, campaignId: number) {
  const invalidate = useInvalidateContacts(id, campaignId);
  return useMutation({
    mutationFn: (contactId: number) => api.delete<{ message: string }>(`/fundraiser/${id}/contact/${contactId}`),
    onSuccess: invalidate,
  });
}

/** POST /fundraiser_contact/invite: "invite to donate" emails with the player's page link. */
export function useInviteContacts(id: number, campaignId: number) {
  const invalidate = useInvalidateContacts(id, campaignId);
  return useMutation({
    mutationFn: (body: Pick<InviteContactsBody, 'contactIds' | 'note'>) =>
      api.post<{ data: InviteContactsResult; message?: string }>('/fundraiser_contact/invite', {
        ...body,
        fundraiserId: id,
        campaignId,
      }),
    onSuccess: invalidate,
  });
}
