/** Route modules of this feature (one lazy chunk; the summary and its chart load on their own). */
import { createElement, lazy } from 'react';

export { CampaignListPage } from './list/CampaignListPage';
export { CampaignViewPage, type CampaignViewParts } from './view/CampaignViewPage';

const Summary = lazy(async () => ({
  default: (await import('./summary/CampaignSummaryPage')).CampaignSummaryPage,
}));
/** A component (the route table's lazy() needs one), rendering the summary's own chunk. */
export const CampaignSummaryPage = () => createElement(Summary);
