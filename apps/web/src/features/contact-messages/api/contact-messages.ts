import type { ContactMessage, ContactMessageFilter } from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export interface ContactMessageParams {
  q?: string | undefined;
  status: ContactMessageFilter;
  page: number;
  perPage: number;
}

export const contactMessageKeys = {
  all: ['contact-messages'] as const,
  lists: () => [...contactMessageKeys.all, 'list'] as const,
  list: (params: ContactMessageParams) => [...contactMessageKeys.lists(), params] as const,
};

/** GET /admin/contact-messages (Super Admin): a page of Contact-Us messages, newest first. */
export function getContactMessages(params: ContactMessageParams, signal?: AbortSignal) {
  return api.get<{ data: ContactMessage[]; total: number }>('/admin/contact-messages', { ...params }, signal);
}

export function useContactMessages(params: ContactMessageParams) {
  return useQuery({
    queryKey: contactMessageKeys.list(params),
    queryFn: ({ signal }) => getContactMessages(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /admin/contact-messages/{id}: handled or open again; every list is stale after it. */
export function useSetHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      api.patch<{ data: ContactMessage; message?: string }>(`/admin/contact-messages/${id}`, { handled }),
    onSuccess: () => client.invalidateQueries({ queryKey: contactMessageKeys.lists() }),
  });
}
