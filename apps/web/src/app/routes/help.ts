import { type Location, matchRoutes, type RouteObject } from 'react-router';

/**
 * Each console page's help article (content/university, decision 022): the route as written in
 * routes.tsx → the article's `module/category/article` id. A route not listed takes the article
 * of its first path segment. Only ids live here (no article text), so the console shell stays
 * small; app/routes/help.test.ts checks that every authenticated route resolves to an article
 * that exists in English and Spanish.
 */
const DASHBOARD = 'getting-started/dashboards/your-dashboard';
const ORGS = 'organizations/structure/organization-hierarchy';
const FAMILY = 'players-and-families/families/set-up-your-players-page';
const PEOPLE = 'organizations/people/';
const ACCOUNT = 'account-and-security/account/';
const BASICS = 'getting-started/basics/finding-your-way';

const BY_SECTION: Record<string, string> = {
  dashboard: DASHBOARD,
  orgs: ORGS,
  campaigns: 'campaigns/tracking/campaign-summary',
  fundraisers: 'players-and-families/rosters/add-and-invite-players',
  donations: 'donations-and-payouts/donations/find-and-export-donations',
  affiliates: 'affiliates/staff/manage-affiliates-and-programs',
  onboarding: 'registrations/review/review-team-registrations',
  apps: `${PEOPLE}roles-and-permissions`,
  'access-control': `${PEOPLE}roles-and-permissions`,
  system: 'account-and-security/platform/outbox-and-contact-messages',
  pages: `${ACCOUNT}account-settings-and-emails`,
  help: BASICS,
};

const BY_ROUTE: Record<string, string> = {
  'dashboard/affiliate': 'affiliates/partners/use-your-affiliate-links',
  'dashboard/fundraiser': FAMILY,
  'orgs/teams/search': 'organizations/structure/add-a-team',
  'orgs/teams/add-team': 'organizations/structure/add-a-team',
  'campaigns/list': 'campaigns/setup/create-a-campaign',
  'campaigns/view/:id': 'campaigns/setup/add-players-to-a-campaign',
  'fundraisers/home': FAMILY,
  'fundraisers/:fundraiser_id/campaign/:campaign_id': 'players-and-families/families/invite-contacts-to-donate',
  'donations/view/:id': 'donations-and-payouts/donations/refund-a-donation',
  'affiliates/profile': 'affiliates/partners/use-your-affiliate-links',
  'apps/user/list': `${PEOPLE}add-members-and-users`,
  'apps/user/view/:id': `${PEOPLE}add-members-and-users`,
  'apps/contact-messages': 'account-and-security/platform/outbox-and-contact-messages',
  'apps/todo': 'getting-started/dashboards/onboarding-tasks',
  'apps/todo/tag/:tag': 'getting-started/dashboards/onboarding-tasks',
  'apps/todo/:filter': 'getting-started/dashboards/onboarding-tasks',
  'system/dataentry': 'donations-and-payouts/donations/record-offline-donations',
  'pages/faq': BASICS,
  'pages/license': BASICS,
  'pages/pricing': BASICS,
  'pages/api-key': `${ACCOUNT}api-keys`,
};

/** The help article id of a route path as written in routes.tsx (undefined: none). */
export function helpArticleOf(path: string): string | undefined {
  return BY_ROUTE[path] ?? BY_SECTION[path.split('/')[0] ?? ''];
}

/** The console address of the help article for `location` among `routes`. */
export function helpHref(routes: RouteObject[], location: Partial<Location> | string): string | undefined {
  const path = matchRoutes(routes, location)?.at(-1)?.route.path;
  const id = path ? helpArticleOf(path) : undefined;
  return id ? `/help/university/${id}` : undefined;
}
