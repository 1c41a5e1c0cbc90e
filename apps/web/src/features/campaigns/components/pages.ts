/** Route modules of this feature (one lazy chunk; the summary and its chart load on their own). */
import { lazy } from 'react';

export { CampaignListPage } from './list/CampaignListPage';
export { CampaignViewPage } from './view/CampaignViewPage';
export const CampaignSummaryPage = lazy(async () => ({
  default: (await import('./summary/CampaignSummaryPage')).CampaignSummaryPage,
}));
