/** Lazy route modules: each page (and the DataGrid with it) loads only when its route opens. */
import { type ComponentType, lazy } from 'react';
import type { Params } from 'react-router';
import { loadServerDataGrid as grid } from '../../components/ui/ServerDataGrid';
import { loadPart, type Part } from '../../lib/i18n';

/**
 * A lazy route page; `preload` starts its download before React reaches it (app/routes/preload.ts).
 * `alongside` is code the page renders lazily at once (its grid): fetched in parallel with it.
 * `strings` are the feature string parts the page uses (lib/i18n): the page waits for them.
 */
function page<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  alongside?: () => Promise<unknown>,
  strings: Part[] = [],
) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const code = () => {
    alongside?.().catch(() => undefined);
    loading ??= Promise.all([load(), ...strings.map(loadPart)]).then(([m]) => ({ default: m[name] as ComponentType }));
    return loading;
  };
  return Object.assign(lazy(code), { preload: (_params?: Params): Promise<unknown> => code() });
}

const auth = () => import('../../features/auth/components/pages');
export const LoginPage = page(auth, 'LoginPage');
export const RegisterPage = page(auth, 'RegisterPage');
export const ForgotPasswordPage = page(auth, 'ForgotPasswordPage');
export const ResetPasswordPage = page(auth, 'ResetPasswordPage');
export const EmailConfirmPage = page(auth, 'EmailConfirmPage');
export const ActivateAccountPage = page(auth, 'ActivateAccountPage');
export const OtlPage = page(auth, 'OtlPage');
export const LoginLinkPage = page(auth, 'LoginLinkPage');

export const UserListPage = page(
  () => import('../../features/users/components/list/UserListPage'),
  'UserListPage',
  grid,
);
export const UserViewPage = page(() => import('../../features/users/components/view/UserViewPage'), 'UserViewPage');
export const AccountSettingsPage = page(
  () => import('../../features/users/components/account/AccountSettingsPage'),
  'AccountSettingsPage',
);

const acl = () => import('../../features/acl/components/pages');
export const RolesPage = page(acl, 'RolesPage');
export const PermissionsPage = page(acl, 'PermissionsPage');
export const AccessControlPage = page(acl, 'AccessControlPage');

export const OutboxPage = page(() => import('../../features/outbox/components/OutboxPage'), 'OutboxPage');
export const ContactMessagesPage = page(
  () => import('../../features/contact-messages/components/ContactMessagesPage'),
  'ContactMessagesPage',
  grid,
  ['contact'],
);
const registrations = () => import('../../features/registrations/components/pages');
export const RegistrationListPage = page(registrations, 'RegistrationListPage', grid, ['registrations']);
export const RegistrationViewPage = page(registrations, 'RegistrationViewPage', undefined, ['registrations']);
export const FaqPage = page(() => import('../../features/faq/components/FaqPage'), 'FaqPage');
const help = () => import('../../features/help/components/pages');
export const HelpHomePage = page(() => import('../compose/HelpHomeRoute'), 'HelpHomeRoute', undefined, ['help']);
export const HelpModulePage = page(help, 'HelpModulePage', undefined, ['help']);
export const HelpArticlePage = page(help, 'HelpArticlePage', undefined, ['help']);
export const TasksPage = page(() => import('../../features/tasks/components/pages'), 'TasksPage', undefined, ['tasks']);

// The organization pages take the node type as a prop: keep their props through lazy().
const orgs = () => import('../../features/orgs/components/pages');
export const OrgListPage = lazy(async () => {
  grid().catch(() => undefined);
  return { default: (await orgs()).OrgListPage };
});
// The view page is composed here with the campaigns grid and the payouts tab (decision 015).
export const OrgViewPage = lazy(async () => {
  const [m] = await Promise.all([import('../compose/OrgViewRoute'), loadPart('campaigns')]);
  return { default: m.OrgViewRoute };
});
export const AddTeamPage = page(orgs, 'AddTeamPage');

const campaigns = () => import('../../features/campaigns/components/pages');
export const CampaignListPage = page(campaigns, 'CampaignListPage', undefined, ['campaigns']);
// The view page is composed here with the sponsorships tab (decision 015).
export const CampaignViewPage = page(() => import('../compose/CampaignViewRoute'), 'CampaignViewRoute', undefined, [
  'campaigns',
]);
export const CampaignSummaryPage = page(campaigns, 'CampaignSummaryPage', undefined, ['campaigns']);

const fundraisers = () => import('../../features/fundraisers/components/pages');
export const FundraiserListPage = page(fundraisers, 'FundraiserListPage', grid, ['fundraisers']);
export const FundraiserViewPage = page(fundraisers, 'FundraiserViewPage', undefined, ['fundraisers']);
export const FamilyHomePage = page(fundraisers, 'FamilyHomePage', undefined, ['fundraisers']);
export const FundraiserCampaignPage = page(fundraisers, 'FundraiserCampaignPage', undefined, ['fundraisers']);

// Each dashboard is its own chunk behind the feature's small pages module; its range control and
// charts load after its figures (features/dashboards LazyRangeControl, LazyCharts).
const dashboards = () => import('../../features/dashboards/components/pages');
export const AdminDashboardPage = page(dashboards, 'AdminDashboardPage');
// The team dashboard is composed with the onboarding tasks' next items (app/compose, decision 015).
export const NodeDashboardPage = page(() => import('../compose/NodeDashboardRoute'), 'NodeDashboardRoute', undefined, [
  'tasks',
]);
export const AnalyticsPage = page(dashboards, 'AnalyticsPage');
export const FundraiserDashboardPage = page(dashboards, 'FundraiserDashboardPage');

// The affiliate pages (issue 16): each its own chunk behind the feature's small pages module.
const affiliates = () => import('../../features/affiliates/components/pages');
export const AffiliateListPage = page(affiliates, 'AffiliateListPage', grid, ['affiliates']);
export const AffiliateViewPage = page(affiliates, 'AffiliateViewPage', grid, ['affiliates']);
export const AffiliateProfilePage = page(affiliates, 'AffiliateProfilePage', undefined, ['affiliates']);
export const AffiliateDashboardPage = page(affiliates, 'AffiliateDashboardPage', undefined, ['affiliates']);

// Each donation page is its own chunk: the list (and its grid) does not bring the data-entry form.
export const DonationListPage = page(
  () => import('../../features/donations/components/list/DonationListPage'),
  'DonationListPage',
  grid,
);
export const DonationViewPage = page(
  () => import('../../features/donations/components/view/DonationViewPage'),
  'DonationViewPage',
);
export const DonorPage = page(() => import('../../features/donations/components/donor/DonorPage'), 'DonorPage');
export const DataEntryPage = page(
  () => import('../../features/donations/components/dataentry/DataEntryPage'),
  'DataEntryPage',
);

// Public pages: each its own chunk, so a visitor never downloads the console's screens or the
// other public pages' forms (react-hook-form, selects, sign-in).
