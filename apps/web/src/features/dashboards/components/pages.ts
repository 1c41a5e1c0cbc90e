/**
 * Route modules of this feature. Each dashboard is a lazy chunk of its own (the Super Admin's home
 * does not download the team, analytics or family pages), reached through this one small module so
 * that the app's entry lists one chunk for the four (its preload map weighs on every page).
 */
import { createElement, lazy } from 'react';
import type { NodeDashboardPageProps } from './node/NodeDashboardPage';

export type { NodeDashboardPageProps };

const Admin = lazy(async () => ({ default: (await import('./admin/AdminDashboardPage')).AdminDashboardPage }));
const Node = lazy(async () => ({ default: (await import('./node/NodeDashboardPage')).NodeDashboardPage }));
const Analytics = lazy(async () => ({ default: (await import('./analytics/AnalyticsPage')).AnalyticsPage }));
const Fundraiser = lazy(async () => ({
  default: (await import('./fundraiser/FundraiserDashboardPage')).FundraiserDashboardPage,
}));

// The route table's loader expects components here, not lazy objects.
export const AdminDashboardPage = () => createElement(Admin);
export const NodeDashboardPage = (props: NodeDashboardPageProps) => createElement(Node, props);
export const AnalyticsPage = () => createElement(Analytics);
export const FundraiserDashboardPage = () => createElement(Fundraiser);
