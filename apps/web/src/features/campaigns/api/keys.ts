import type { CAMPAIGN_FUNDRAISER_SORT_COLUMNS, InviteStatus } from '@fc/contracts';

export interface FundraiserListParams {
  q?: string;
  page: number;
  perPage: number;
  sort?: 'asc' | 'desc';
  sortColumn?: (typeof CAMPAIGN_FUNDRAISER_SORT_COLUMNS)[number];
  inviteStatus?: InviteStatus;
}

/** Query keys: mutations invalidate one campaign (its detail, players, report) precisely. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (userId: number, role: string) => [...campaignKeys.lists(), userId, role] as const,
  details: () => [...campaignKeys.all, 'detail'] as const,
  detail: (id: number) => [...campaignKeys.details(), id] as const,
  /** Everything of one campaign but its detail: players, candidates, reports. */
  of: (id: number) => [...campaignKeys.all, 'of', id] as const,
  fundraisers: (id: number) => [...campaignKeys.of(id), 'fundraisers'] as const,
  fundraiserList: (id: number, params: FundraiserListParams) => [...campaignKeys.fundraisers(id), params] as const,
  candidates: (id: number) => [...campaignKeys.of(id), 'candidates'] as const,
  report: (id: number, divisionId?: number) => [...campaignKeys.of(id), 'report', divisionId ?? 0] as const,
  slug: (slug: string, exclude?: number) => [...campaignKeys.all, 'slug', slug, exclude ?? 0] as const,
  owners: (q: string) => [...campaignKeys.all, 'owners', q] as const,
  divisionsUnder: (ownerId: number) => [...campaignKeys.all, 'divisions-under', ownerId] as const,
  orgSearch: (q: string) => [...campaignKeys.all, 'org-search', q] as const,
};
