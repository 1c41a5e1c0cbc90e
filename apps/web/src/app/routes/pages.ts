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
