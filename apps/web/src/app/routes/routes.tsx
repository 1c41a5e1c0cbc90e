/**
 * The route table of spec §2. Every listed page is real; template-only pages (the template's
 * "coming soon" page among them) redirect to the closest real page (DECISIONS §1).
 */

import type { ReactNode } from 'react';
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { BlankLayout } from '../layouts/BlankLayout';
import { MaintenancePage, MiscErrorPage, NotAuthorizedPage, NotFoundPage } from '../pages/MiscPages';
import { RouteErrorBoundary } from '../pages/RouteErrorPage';
import { AuthGuard, HomeRedirect, RestrictedPublic } from './guards';
import { meta, type RouteMeta } from './meta';
import * as P from './pages';

const to = (path: string) => createElement(Navigate, { to: path, replace: true });

const authed = (
  path: string,
  element: ReactNode,
  resource: RouteMeta['resource'],
  action?: RouteMeta['action'],
): RouteObject => ({
  path,
  element,
  handle: meta(resource, action),
});

/** `/x/view` → `/x/view/1` (spec §2). */
const bareView = (base: string, resource: RouteMeta['resource']) =>
  authed(`${base.slice(1)}/view`, to(`${base}/view/1`), resource);

const restrictedPublic: RouteObject[] = [
  { path: 'login', element: <P.LoginPage /> },
  { path: 'loginlink', element: <P.LoginLinkPage /> },
  { path: 'forgot-password', element: <P.ForgotPasswordPage /> },
  { path: 'email-confirm', element: <P.EmailConfirmPage /> },
  { path: 'activate-account', element: <P.ActivateAccountPage /> },
  { path: 'otl', element: <P.OtlPage /> },
  { path: 'register', element: <P.RegisterPage /> },
  { path: 'reset-password', element: <P.ResetPasswordPage /> },
];

const publicRoutes: RouteObject[] = [
  // The server-rendered home page (apps/site) sends a signed-in visitor here: their role's home.
  { path: 'home', element: <HomeRedirect /> },
  // BAND sends the console's popup back here: signed in or not, it shows the link's outcome.
  { path: 'band/authorize', element: <P.BandAuthorizePage /> },
  { path: 'misc/coming-soon', element: to('/') },
  { path: 'misc/not-authorized', element: <NotAuthorizedPage /> },
  { path: 'misc/maintenance', element: <MaintenancePage /> },
  { path: 'misc/error', element: <MiscErrorPage /> },
  // Catch-all slug (spec §2: no permission meta). Public slug pages arrive with later issues.
  { path: ':slug', element: <NotFoundPage /> },
  { path: '*', element: <NotFoundPage /> },
];

const authenticated: RouteObject[] = [
  authed('dashboard', <P.NodeDashboardPage />, 'dashboards'),
  authed('dashboard/admin', <P.AdminDashboardPage />, 'dashboards'),
  authed('dashboard/analytics', <P.AnalyticsPage />, 'dashboards'),
  authed('dashboard/affiliate', <P.AffiliateDashboardPage />, 'dashboards'),
  authed('dashboard/fundraiser', <P.FundraiserDashboardPage />, 'dashboards'),
  authed('dashboard/ecommerce', to('/dashboard/analytics'), 'dashboards'),

  // One list and one view page for the four node types; `key` gives each route its own state.
  authed('orgs/organizations/list', <P.OrgListPage key="org-list-1" typeId={1} />, 'org-organizations'),
  authed('orgs/organizations/view/:id', <P.OrgViewPage key="org-view-1" typeId={1} />, 'org-organizations'),
  bareView('/orgs/organizations', 'org-organizations'),
  authed('orgs/leagues/list', <P.OrgListPage key="org-list-2" typeId={2} />, 'org-leagues'),
  authed('orgs/leagues/view/:id', <P.OrgViewPage key="org-view-2" typeId={2} />, 'org-leagues'),
  bareView('/orgs/leagues', 'org-leagues'),
  authed('orgs/teams/search', <P.OrgListPage key="org-search-3" typeId={3} mode="search" />, 'org-teams'),
  authed('orgs/teams/list', <P.OrgListPage key="org-list-3" typeId={3} />, 'org-teams'),
  authed('orgs/teams/view/:id', <P.OrgViewPage key="org-view-3" typeId={3} />, 'org-teams'),
  authed('orgs/teams/add-team', <P.AddTeamPage />, 'org-teams', 'create'),
  bareView('/orgs/teams', 'org-teams'),
  authed('orgs/divisions/list', <P.OrgListPage key="org-list-4" typeId={4} />, 'org-divisions'),
  authed('orgs/divisions/view/:id', <P.OrgViewPage key="org-view-4" typeId={4} />, 'org-divisions'),
  bareView('/orgs/divisions', 'org-divisions'),

  authed('campaigns/list', <P.CampaignListPage />, 'campaigns'),
  authed('campaigns/view/:id', <P.CampaignViewPage />, 'campaigns'),
  bareView('/campaigns', 'campaigns'),
  authed('campaigns/:id/summary', <P.CampaignSummaryPage />, 'campaigns'),
  authed('campaigns/:id/summary/division/:divisionId', <P.CampaignSummaryPage />, 'campaigns'),

  authed('fundraisers/list', <P.FundraiserListPage />, 'players'),
  authed('fundraisers/home', <P.FamilyHomePage />, 'fundraisers'),
  authed('fundraisers/:fundraiser_id/campaign/:campaign_id', <P.FundraiserCampaignPage />, ['fundraisers', 'players']),
  authed('fundraisers/view/:id', <P.FundraiserViewPage />, ['fundraisers', 'players']),
  bareView('/fundraisers', ['fundraisers', 'players']),

  authed('donations/list', <P.DonationListPage />, 'donations'),
  authed('donations/view/:id', <P.DonationViewPage />, 'donations'),
  authed('donations/donor/:id', <P.DonorPage />, 'donations'),
  bareView('/donations', 'donations'),

  authed('affiliates/list', <P.AffiliateListPage />, 'affiliates'),
  authed('affiliates/view/:id', <P.AffiliateViewPage />, 'affiliates'),
  authed('affiliates/profile', <P.AffiliateProfilePage />, 'affiliates'),
  bareView('/affiliates', 'affiliates'),

  authed('onboarding/list', <P.RegistrationListPage />, 'onboarding'),
  authed('onboarding/view/:id', <P.RegistrationViewPage />, 'onboarding'),

  authed('apps/user/list', <P.UserListPage />, 'userprofile', 'list'),
  authed('apps/user/view/:id', <P.UserViewPage />, 'userprofile'),
  bareView('/apps/user', 'userprofile'),
  authed('apps/roles', <P.RolesPage />, 'ACL'),
  authed('apps/permissions', <P.PermissionsPage />, 'ACL'),
  authed('access-control', <P.AccessControlPage />, null),
  authed('system/dataentry', <P.DataEntryPage />, 'donations', 'create'),
  authed('system/outbox', <P.OutboxPage />, 'outbox'),
  authed('apps/contact-messages', <P.ContactMessagesPage />, 'contact-messages'),
  authed('apps/todo', <P.TasksPage />, 'dashboards'),
  authed('apps/todo/tag/:tag', <P.TasksPage />, 'dashboards'),
  authed('apps/todo/:filter', <P.TasksPage />, 'dashboards'),

  authed('pages/profile', to('/pages/account-settings'), 'userprofile'),
  authed('pages/faq', <P.FaqPage />, 'faq'),
  authed('pages/account-settings', <P.AccountSettingsPage />, 'userprofile'),
  authed('pages/api-key', <P.ApiKeysPage />, 'userprofile'),
  authed('pages/license', to('/pages/faq'), 'faq'),
  authed('pages/pricing', to('/pages/faq'), 'faq'),
  authed('pages/blog/*', to('/help/university'), 'faq'),
  authed('help/university', <P.HelpHomePage />, 'faq'),
  authed('help/university/:slug', <P.HelpModulePage />, 'faq'),
  authed('help/university/:module/:category/:article', <P.HelpArticlePage />, 'faq'),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RouteErrorBoundary />,
    children: [
      { index: true, element: <HomeRedirect /> },
      { element: <AuthGuard routes={authenticated} />, children: authenticated },
      {
        element: <BlankLayout />,
        children: [{ element: <RestrictedPublic />, children: restrictedPublic }, ...publicRoutes],
      },
    ],
  },
];
