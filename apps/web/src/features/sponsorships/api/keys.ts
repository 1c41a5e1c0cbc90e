import type { SponsorFilter } from '@fc/contracts';

/** Whose sponsorships: a node (with its campaigns') or one campaign (contract opportunityListQuerySchema). */
export type Owner = { organizationId: number } | { campaignId: number };

/** `GET /admin/sponsorship` as the list sends it (contract sponsorListQuerySchema). */
export interface SponsorListParams {
  filter: SponsorFilter;
  q?: string;
  page: number;
  perPage: number;
  sort: 'asc' | 'desc';
}

/** Query keys: every write refreshes everything under `sponsorships` (opportunities, sponsors, figures). */
export const sponsorshipKeys = {
  all: ['sponsorships'] as const,
  opportunities: (owner: Owner) => [...sponsorshipKeys.all, 'opportunities', owner] as const,
  sponsors: (owner: Owner, params: SponsorListParams) => [...sponsorshipKeys.all, 'sponsors', owner, params] as const,
  slug: (slug: string, exclude?: number) => [...sponsorshipKeys.all, 'slug', slug, exclude ?? 0] as const,
};
