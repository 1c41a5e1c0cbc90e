import type { salespersonSchema } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { orgKeys } from './keys';

export type Salesperson = z.infer<typeof salespersonSchema>;

/** GET /user/salespeople: FYS Sales users (staff filter and team salesperson select). */
export function getSalespeople(signal?: AbortSignal): Promise<{ data: Salesperson[] }> {
  return api.get<{ data: Salesperson[] }>('/user/salespeople', undefined, signal);
}

export function useSalespeople(enabled: boolean) {
  return useQuery({
    queryKey: orgKeys.salespeople(),
    queryFn: ({ signal }) => getSalespeople(signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}
