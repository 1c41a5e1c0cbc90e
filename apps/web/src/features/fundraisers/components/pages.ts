/** Route modules of this feature (one lazy chunk). */
import { createElement } from 'react';
import { ComingSoonPage } from '../../../app/pages/ComingSoonPage';

export const FundraiserListPage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const FundraiserViewPage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const FamilyHomePage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const FundraiserCampaignPage = () => createElement(ComingSoonPage, { feature: 'generic' });
