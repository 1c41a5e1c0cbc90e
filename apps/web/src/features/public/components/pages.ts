/** Route modules of this feature (one lazy chunk, apart from the console's screens). */
export { AcceptInvitePage } from './AcceptInvitePage';
export { DonatePage } from './DonatePage';
export { PublicCampaignPage } from './PublicCampaignPage';
export { PublicFundraiserPage } from './PublicFundraiserPage';
export { RegisterPlayerPage } from './RegisterPlayerPage';
