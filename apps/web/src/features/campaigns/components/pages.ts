/** Route modules of this feature (one lazy chunk). */
import { createElement } from 'react';
import { ComingSoonPage } from '../../../app/pages/ComingSoonPage';

export const CampaignListPage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const CampaignViewPage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const CampaignSummaryPage = () => createElement(ComingSoonPage, { feature: 'generic' });
