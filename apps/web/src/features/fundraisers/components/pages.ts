/** Route modules of this feature (one lazy chunk). */
export { FundraiserCampaignPage } from './campaign/FundraiserCampaignPage';
export { FamilyHomePage } from './home/FamilyHomePage';
export { FundraiserListPage } from './list/FundraiserListPage';
export { FundraiserViewPage } from './view/FundraiserViewPage';
