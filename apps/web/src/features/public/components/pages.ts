/** Route modules of this feature (one lazy chunk). */
import { createElement } from 'react';
import { ComingSoonPage } from '../../../app/pages/ComingSoonPage';

export const PublicCampaignPage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const PublicFundraiserPage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const DonatePage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const AcceptInvitePage = () => createElement(ComingSoonPage, { feature: 'generic' });
export const RegisterPlayerPage = () => createElement(ComingSoonPage, { feature: 'generic' });
