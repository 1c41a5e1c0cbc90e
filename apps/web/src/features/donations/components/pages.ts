/** Route modules of this feature (one lazy chunk; the list and its DataGrid load on their own). */
import { createElement, lazy } from 'react';

export { DataEntryPage } from './dataentry/DataEntryPage';
export { DonorPage } from './donor/DonorPage';
export { DonationViewPage } from './view/DonationViewPage';

const ListPage = lazy(async () => ({ default: (await import('./list/DonationListPage')).DonationListPage }));
/** A component (the route table's lazy() needs one), rendering the list's own chunk. */
export const DonationListPage = () => createElement(ListPage);
