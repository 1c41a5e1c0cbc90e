/** Route modules of this feature (one lazy chunk). */
import { createElement, lazy } from 'react';

export { FundraiserCampaignPage } from './campaign/FundraiserCampaignPage';
export { FamilyHomePage } from './home/FamilyHomePage';
export { FundraiserViewPage } from './view/FundraiserViewPage';

/** The staff list brings the DataGrid: its own chunk, so a family's home never downloads it. */
const ListPage = lazy(async () => ({ default: (await import('./list/FundraiserListPage')).FundraiserListPage }));
// The route table's loader expects a component here, not a lazy object.
export const FundraiserListPage = () => createElement(ListPage);
