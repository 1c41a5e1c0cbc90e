import type { UserSummary } from '@fc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { registrationKeys } from './keys';

/** GET /admin/user/list?role=fys_sales: the salespeople a Super Admin may assign a registration to. */
export function getSalespeople(signal?: AbortSignal) {
  return api.get<{ data: UserSummary[]; total: number }>(
    '/admin/user/list',
    { role: 'fys_sales', status: 'active', perPage: 100, page: 1, sortColumn: 'firstName', sort: 'asc' },
    signal,
  );
}

export function useSalespeople() {
  return useQuery({
    queryKey: [...registrationKeys.all, 'salespeople'] as const,
    queryFn: ({ signal }) => getSalespeople(signal),
  });
}
