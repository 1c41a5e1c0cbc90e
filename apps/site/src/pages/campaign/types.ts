/**
 * What the campaign and player pages show (issue 14), as the API's public services give it
 * (`/api/v1/public/campaigns/{slug}` and `/fundraisers/{slug}`: same names, same figures), plus
 * what only the page needs: absolute addresses, the days left, the invitation token.
 */
import type { PlayerEntry } from '../../islands/PlayerList';
import type { SponsorEntry } from '../sponsorship/types';

export type { PlayerEntry };

export interface Supporter {
  /** Null when the donor gave anonymously (the service never sends the name then). */
  name: string | null;
  amountCents: number | null;
  message: string | null;
  /** ISO time of the gift. */
  at: string;
}

/** The progress card's figures and the Donate link. */
export interface Progress {
  raisedCents: number;
  goalCents: number;
  donors: number;
  acceptingDonations: boolean;
  /** Days until the campaign's end date (0 = the last day, negative = ended); null without one. */
  daysLeft: number | null;
}

export interface CampaignPageData extends Progress {
  slug: string;
  /** The campaign's shown sponsors by tier (issue 17); the band is left out when empty. */
  sponsors?: SponsorEntry[];
  title: string;
  organizationName: string;
  /** The campaign's logo, else the organization's, else null (the initial shows). */
  imageUrl: string | null;
  shortDescription: string | null;
  story: string | null;
  startDate: string | null;
  endDate: string | null;
  leaderboard: PlayerEntry[];
  supporters: Supporter[];
}

export interface PlayerPageData extends Progress {
  slug: string;
  /** The campaign's shown sponsors by tier (issue 17); the band is left out when empty. */
  sponsors?: SponsorEntry[];
  /** As the service shows it: first name and last initial unless a parent chose otherwise. */
  name: string;
  avatarUrl: string | null;
  /** The family's reason, else the campaign's short description, else null. */
  reason: string | null;
  teamName: string | null;
  campaign: { slug: string; title: string; organizationName: string };
  supporters: Supporter[];
  /** An invitation's tracking token (`?c=`), kept on the Donate link for the checkout. */
  contactToken: string | null;
}
