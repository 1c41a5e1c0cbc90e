/** Campaign constants without schemas (campaigns.ts), for code that should not load zod. */

/** `draft` and `active` both count as active (spec §4); `closed` has ended. */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const isActiveCampaignStatus = (s: string) => s === 'draft' || s === 'active';

/** Largest single amount accepted anywhere ($1,000,000.00): defined with the money module. */
export { MAX_AMOUNT_CENTS } from './money.js';
