import type { AffiliateDashboard, Conversion } from '@fc/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { downloadCsv } from './affiliates';
import { affiliateKeys, type ConversionParams, type DashboardRange } from './keys';

/** GET /affiliate/{id}/conversions: a page of conversions with their commission. */
export function useConversions(id: number, params: ConversionParams) {
  return useQuery({
    queryKey: affiliateKeys.conversions(id, params),
    queryFn: ({ signal }) =>
      api.get<{ data: Conversion[]; total: number }>(`/affiliate/${id}/conversions`, { ...params }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConversionsCsv(id: number) {
  return useMutation({
    mutationFn: (params: Omit<ConversionParams, 'page' | 'perPage'>) =>
      downloadCsv(`/affiliate/${id}/conversions`, params, `affiliate-${id}-conversions.csv`),
  });
}

/** GET /affiliate/{id}/dashboard?from=&to=: funnel, earnings, balances, links and the daily series. */
export function useAffiliateDashboard(id: number | null, range: DashboardRange) {
  return useQuery({
    queryKey: affiliateKeys.dashboard(id ?? 0, range),
    queryFn: ({ signal }) => api.get<{ data: AffiliateDashboard }>(`/affiliate/${id}/dashboard`, { ...range }, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
