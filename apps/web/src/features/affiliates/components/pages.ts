/**
 * Route modules of this feature: each page a lazy chunk of its own (the Affiliate's dashboard does
 * not download the staff list and its grid), reached through this one small module.
 */
import { createElement, lazy } from 'react';

const List = lazy(async () => ({ default: (await import('./list/AffiliateListPage')).AffiliateListPage }));
const View = lazy(async () => ({ default: (await import('./view/AffiliateViewPage')).AffiliateViewPage }));
const Profile = lazy(async () => ({ default: (await import('./profile/AffiliateProfilePage')).AffiliateProfilePage }));
const Dashboard = lazy(async () => ({
  default: (await import('./dashboard/AffiliateDashboardPage')).AffiliateDashboardPage,
}));

export const AffiliateListPage = () => createElement(List);
export const AffiliateViewPage = () => createElement(View);
export const AffiliateProfilePage = () => createElement(Profile);
export const AffiliateDashboardPage = () => createElement(Dashboard);
