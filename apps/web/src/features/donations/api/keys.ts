import type { DONATION_KINDS, DONATION_SORT_COLUMNS, DonationStatus, PaymentMethod } from '@fc/contracts';

/** The list's and the export's filters (`GET /admin/donation/list`, `GET /admin/donation/export`). */
export interface DonationFilters {
  search?: string;
  status?: DonationStatus;
  method?: PaymentMethod;
  kind?: (typeof DONATION_KINDS)[number];
  campaignId?: number;
  /** A node: gifts credited to it or anything below it. */
  organizationId?: number;
  /** `YYYY-MM-DD`, inclusive. */
  from?: string;
  to?: string;
}

export interface DonationListParams extends DonationFilters {
  limit?: number;
  page?: number;
  sort?: 'asc' | 'desc';
  sortColumn?: (typeof DONATION_SORT_COLUMNS)[number];
}

/** Query keys: a refund or status change refreshes the donation, the lists, its donor and the payouts. */
export const donationKeys = {
  all: ['donations'] as const,
  lists: () => [...donationKeys.all, 'list'] as const,
  list: (params: DonationListParams) => [...donationKeys.lists(), params] as const,
  details: () => [...donationKeys.all, 'detail'] as const,
  detail: (id: number) => [...donationKeys.details(), id] as const,
  donors: () => [...donationKeys.all, 'donor'] as const,
  donor: (id: number) => [...donationKeys.donors(), id] as const,
  /** Every payouts panel (a gift changes a node's balances). */
  payoutsAll: () => [...donationKeys.all, 'payouts'] as const,
  payouts: (organizationId: number) => [...donationKeys.payoutsAll(), organizationId] as const,
  /** The campaigns and players the filters and the data-entry form choose from. */
  campaignOptions: (userId: number, role: string) => [...donationKeys.all, 'campaign-options', userId, role] as const,
  campaignPlayers: (campaignId: number, q: string) => [...donationKeys.all, 'campaign-players', campaignId, q] as const,
};
