import type { AFFILIATE_SORT_COLUMNS, AffiliateStatus, CommissionStatus, ConversionKind } from '@fc/contracts';

/** `GET /affiliate/` as the list sends it (contract affiliateListQuerySchema, without `format`). */
export interface AffiliateListParams {
  status?: 'all' | AffiliateStatus;
  q?: string;
  page: number;
  perPage: number;
  sortColumn?: (typeof AFFILIATE_SORT_COLUMNS)[number];
  sort?: 'asc' | 'desc';
}
/** `GET /affiliate/{id}/conversions` as the table sends it (contract conversionListQuerySchema). */
export interface ConversionParams {
  status: 'all' | CommissionStatus;
  kind: 'all' | ConversionKind;
  from?: string;
  to?: string;
  page: number;
  perPage: number;
  sort: 'asc' | 'desc';
}
/** `GET /affiliate/{id}/dashboard` (inclusive UTC dates). */
export interface DashboardRange {
  from: string;
  to: string;
}

/** Query keys: every write refreshes everything under `affiliates` (lists, records, balances, dashboards). */
export const affiliateKeys = {
  all: ['affiliates'] as const,
  lists: () => [...affiliateKeys.all, 'list'] as const,
  list: (params: AffiliateListParams) => [...affiliateKeys.lists(), params] as const,
  me: () => [...affiliateKeys.all, 'me'] as const,
  detail: (id: number) => [...affiliateKeys.all, 'detail', id] as const,
  programs: () => [...affiliateKeys.all, 'programs'] as const,
  conversions: (id: number, params: ConversionParams) => [...affiliateKeys.all, 'conversions', id, params] as const,
  dashboard: (id: number, range: DashboardRange) => [...affiliateKeys.all, 'dashboard', id, range] as const,
  slug: (slug: string, exclude?: number) => [...affiliateKeys.all, 'slug', slug, exclude ?? 0] as const,
  orgSearch: (q: string) => [...affiliateKeys.all, 'orgs', q] as const,
};
