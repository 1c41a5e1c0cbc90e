import type { FundraiserFilterQuery } from '@fc/contracts';

export type FundraiserListParams = Partial<
  Pick<FundraiserFilterQuery, 'userRole' | 'userId' | 'search' | 'limit' | 'page' | 'sortColumn' | 'sort'>
>;

/** Query keys: mutations invalidate one player (and the lists and the family home) precisely. */
export const fundraiserKeys = {
  all: ['fundraisers'] as const,
  lists: () => [...fundraiserKeys.all, 'list'] as const,
  list: (params: FundraiserListParams) => [...fundraiserKeys.lists(), params] as const,
  details: () => [...fundraiserKeys.all, 'detail'] as const,
  detail: (id: number) => [...fundraiserKeys.details(), id] as const,
  /** One player's page settings for one campaign. */
  campaign: (id: number, campaignId: number) => [...fundraiserKeys.all, 'campaign', id, campaignId] as const,
  contacts: (id: number, campaignId: number) => [...fundraiserKeys.all, 'contacts', id, campaignId] as const,
  home: () => [...fundraiserKeys.all, 'home'] as const,
  slug: (slug: string, exclude?: number) => [...fundraiserKeys.all, 'slug', slug, exclude ?? 0] as const,
};
