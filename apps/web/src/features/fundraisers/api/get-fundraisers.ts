import type { FundraiserRow } from '@fc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { type FundraiserListParams, fundraiserKeys } from './keys';

export interface FundraiserListResponse {
  data: FundraiserRow[];
  total: number;
}

/** GET /fundraiser/filter (spec §7: userRole, userId, search, limit, page, order fixed at 1). */
export function getFundraisers(params: FundraiserListParams, signal?: AbortSignal): Promise<FundraiserListResponse> {
  return api.get<FundraiserListResponse>('/fundraiser/filter', { ...params, order: 1 }, signal);
}

export function useFundraisers(params: FundraiserListParams) {
  return useQuery({
    queryKey: fundraiserKeys.list(params),
    queryFn: ({ signal }) => getFundraisers(params, signal),
    placeholderData: keepPreviousData,
  });
}
