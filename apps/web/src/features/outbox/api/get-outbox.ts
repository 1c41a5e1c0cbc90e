import type { outboxItemSchema } from '@fc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';

export type OutboxItem = z.infer<typeof outboxItemSchema>;
export interface OutboxParams {
  page: number;
  perPage: number;
  q?: string;
}

export const outboxKeys = {
  all: ['outbox'] as const,
  lists: () => [...outboxKeys.all, 'list'] as const,
  list: (params: OutboxParams) => [...outboxKeys.lists(), params] as const,
};

/** GET /admin/outbox (Super Admin): e-mails the app has sent or stored. */
export function getOutbox(params: OutboxParams, signal?: AbortSignal): Promise<{ data: OutboxItem[]; total: number }> {
  return api.get<{ data: OutboxItem[]; total: number }>('/admin/outbox', { ...params }, signal);
}

export const outboxQueryOptions = (params: OutboxParams) =>
  queryOptions({
    queryKey: outboxKeys.list(params),
    queryFn: ({ signal }) => getOutbox(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOutbox(params: OutboxParams) {
  return useQuery(outboxQueryOptions(params));
}
