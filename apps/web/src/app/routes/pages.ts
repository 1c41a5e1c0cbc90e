/** Lazy route modules: each page (and the DataGrid with it) loads only when its route opens. */
import { type ComponentType, lazy } from 'react';

function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
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

export const UserListPage = page(() => import('../../features/users/components/list/UserListPage'), 'UserListPage');
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
export const FaqPage = page(() => import('../../features/faq/components/FaqPage'), 'FaqPage');

// The organization pages take the node type as a prop: keep their props through lazy().
const orgs = () => import('../../features/orgs/components/pages');
export const OrgListPage = lazy(async () => ({ default: (await orgs()).OrgListPage }));
export const OrgViewPage = lazy(async () => ({ default: (await orgs()).OrgViewPage }));
export const AddTeamPage = page(orgs, 'AddTeamPage');

const campaigns = () => import('../../features/campaigns/components/pages');
export const CampaignListPage = page(campaigns, 'CampaignListPage');
export const CampaignViewPage = page(campaigns, 'CampaignViewPage');
export const CampaignSummaryPage = page(campaigns, 'CampaignSummaryPage');

const fundraisers = () => import('../../features/fundraisers/components/pages');
export const FundraiserListPage = page(fundraisers, 'FundraiserListPage');
export const FundraiserViewPage = page(fundraisers, 'FundraiserViewPage');
export const FamilyHomePage = page(fundraisers, 'FamilyHomePage');
export const FundraiserCampaignPage = page(fundraisers, 'FundraiserCampaignPage');

const donations = () => import('../../features/donations/components/pages');
export const DonationListPage = page(donations, 'DonationListPage');
export const DonationViewPage = page(donations, 'DonationViewPage');
export const DonorPage = page(donations, 'DonorPage');
export const DataEntryPage = page(donations, 'DataEntryPage');

// Public pages: their own chunk, so a visitor never downloads the console's screens.
const publicPages = () => import('../../features/public/components/pages');
export const PublicCampaignPage = page(publicPages, 'PublicCampaignPage');
export const PublicFundraiserPage = page(publicPages, 'PublicFundraiserPage');
export const DonatePage = page(publicPages, 'DonatePage');
export const ThankYouPage = page(publicPages, 'ThankYouPage');
export const CartPage = page(publicPages, 'CartPage');
export const CartNotFoundPage = page(publicPages, 'CartNotFoundPage');
export const AcceptInvitePage = page(publicPages, 'AcceptInvitePage');
export const RegisterPlayerPage = page(publicPages, 'RegisterPlayerPage');
