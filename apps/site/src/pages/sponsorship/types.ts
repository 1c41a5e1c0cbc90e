/**
 * What the sponsorship pages show (issue 17), as the API's public service gives it
 * (packages/contracts/src/sponsorships.ts `publicOpportunitySchema`, `publicSponsorSchema`),
 * written out here because the site takes nothing from the contracts' index (decision 017).
 */
import type { SponsorTier } from '@fc/contracts/sponsorship-rules';

export type { SponsorTier };

export interface OpportunityData {
  slug: string;
  name: string;
  description: string | null;
  priceCents: number;
  quantity: number | null;
  left: number | null;
  soldOut: boolean;
  benefits: string[];
  fairMarketValueCents: number;
  deductibleCents: number;
  tier: SponsorTier;
  imageUrl: string | null;
  endsOn: string | null;
  seller: { name: string; slug: string };
  campaign: { title: string; slug: string } | null;
}

export interface SponsorEntry {
  displayName: string;
  website: string | null;
  logoUrl: string | null;
  tier: SponsorTier;
}

export interface SponsorshipPageData {
  node: { name: string; slug: string; logoUrl: string | null };
  opportunities: OpportunityData[];
  sponsors: SponsorEntry[];
}
