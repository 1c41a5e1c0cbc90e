/**
 * Navigation menu by role: the single source for the horizontal and vertical menus.
 *
 * Per spec §2 "Navigation menu by role" (items show only if the ability allows them):
 * - Super Admin: Dashboard (admin), Organizations, Leagues, Teams, Divisions, Campaigns, Players,
 *   Donations, Settings (User, Affiliates, Registrations) — plus Data entry (DECISIONS §1: offline
 *   gifts at /system/dataentry) and Outbox (DECISIONS §6: the stored email outbox is readable by
 *   Super Admin in the console) and Contact messages (issue 14: the Contact-Us form's messages) in
 *   Settings.
 * - Team Admin: Dashboard, Organizations, Leagues, Teams, Campaigns, Players.
 * - FYS Sales: same as Team Admin plus Registrations (its Dashboard link is its home,
 *   /dashboard/admin).
 * - Fundraiser: My Players, My Campaigns (the vertical layout also shows Fundraiser Dashboard).
 * - Affiliate: Affiliate Dashboard, My Affiliate Profile.
 * - Others (Organization Admin, Organization User, League Admin, Division Admin, Donor):
 *   Dashboards, Organizations, Leagues, Teams, Divisions, Players, Campaigns, Donations,
 *   Settings (User, Affiliates, Registrations, Onboarding Tasks).
 *
 * Each item's `key` gives its Playwright id `nav-<key>`.
 */
import type { Action, Role, Subject } from '@fc/contracts';
import { type AppAbility, canAccess } from '../../lib/abilities/ability';
import type { LayoutKind } from '../../lib/prefs/preferences';

export type NavIcon =
  | 'dashboard'
  | 'organization'
  | 'league'
  | 'team'
  | 'division'
  | 'campaign'
  | 'player'
  | 'donation'
  | 'settings'
  | 'user'
  | 'affiliate'
  | 'registration'
  | 'task'
  | 'outbox'
  | 'contact'
  | 'profile';

export interface NavLinkItem {
  kind: 'link';
  key: string;
  /** i18n key of the label. */
  title: string;
  to: string;
  icon: NavIcon;
  resource: Subject | readonly Subject[];
  action?: Action;
  /** Shown only in these layouts (default: both). */
  layouts?: readonly LayoutKind[];
}

export interface NavGroupItem {
  kind: 'group';
  key: string;
  title: string;
  icon: NavIcon;
  children: readonly NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

const link = (
  key: string,
  title: string,
  to: string,
  icon: NavIcon,
  resource: NavLinkItem['resource'],
  extra: Partial<NavLinkItem> = {},
): NavLinkItem => ({
  kind: 'link',
  key,
  title,
  to,
  icon,
  resource,
  ...extra,
});

const organizations = link(
  'organizations',
  'nav.organizations',
  '/orgs/organizations/list',
  'organization',
  'org-organizations',
);
const leagues = link('leagues', 'nav.leagues', '/orgs/leagues/list', 'league', 'org-leagues');
const teams = link('teams', 'nav.teams', '/orgs/teams/list', 'team', 'org-teams');
const divisions = link('divisions', 'nav.divisions', '/orgs/divisions/list', 'division', 'org-divisions');
const campaigns = link('campaigns', 'nav.campaigns', '/campaigns/list', 'campaign', 'campaigns');
const players = link('players', 'nav.players', '/fundraisers/list', 'player', 'players');
const donations = link('donations', 'nav.donations', '/donations/list', 'donation', 'donations');
const users = link('users', 'nav.users', '/apps/user/list', 'user', 'userprofile', { action: 'list' });
const affiliates = link('affiliates', 'nav.affiliates', '/affiliates/list', 'affiliate', 'affiliates');
const registrations = link('registrations', 'nav.registrations', '/onboarding/list', 'registration', 'onboarding');
const onboardingTasks = link('onboarding-tasks', 'nav.onboardingTasks', '/apps/todo', 'task', 'dashboards');
const outbox = link('outbox', 'nav.outbox', '/system/outbox', 'outbox', 'outbox');
const contactMessages = link(
  'contact-messages',
  'nav.contactMessages',
  '/apps/contact-messages',
  'contact',
  'contact-messages',
);
const dataEntry = link('data-entry', 'nav.dataEntry', '/system/dataentry', 'donation', 'donations', {
  action: 'create',
});

const settings = (children: NavLinkItem[]): NavGroupItem => ({
  kind: 'group',
  key: 'settings',
  title: 'nav.settings',
  icon: 'settings',
  children,
});

export const MENUS = {
  superAdmin: [
    link('dashboard', 'nav.dashboard', '/dashboard/admin', 'dashboard', 'dashboards'),
    organizations,
    leagues,
    teams,
    divisions,
    campaigns,
    players,
    donations,
    settings([users, affiliates, registrations, dataEntry, outbox, contactMessages]),
  ],
  teamAdmin: [
    link('dashboard', 'nav.dashboard', '/dashboard', 'dashboard', 'dashboards'),
    organizations,
    leagues,
    teams,
    campaigns,
    players,
  ],
  fysSales: [
    link('dashboard', 'nav.dashboard', '/dashboard/admin', 'dashboard', 'dashboards'),
    organizations,
    leagues,
    teams,
    campaigns,
    players,
    registrations,
  ],
  fundraiser: [
    link('fundraiser-dashboard', 'nav.fundraiserDashboard', '/dashboard/fundraiser', 'dashboard', 'dashboards', {
      layouts: ['vertical'],
    }),
    // Two views of the family home: the players, and at ?tab=campaigns their campaign pages.
    link('my-players', 'nav.myPlayers', '/fundraisers/home', 'player', 'fundraisers'),
    link('my-campaigns', 'nav.myCampaigns', '/fundraisers/home?tab=campaigns', 'campaign', 'fundraisers'),
  ],
  affiliate: [
    link('affiliate-dashboard', 'nav.affiliateDashboard', '/dashboard/affiliate', 'dashboard', 'dashboards'),
    link('affiliate-profile', 'nav.affiliateProfile', '/affiliates/profile', 'profile', 'affiliates'),
  ],
  others: [
    {
      kind: 'group',
      key: 'dashboards',
      title: 'nav.dashboards',
      icon: 'dashboard',
      children: [
        link('dashboard-overview', 'nav.overview', '/dashboard', 'dashboard', 'dashboards'),
        link('dashboard-analytics', 'nav.analytics', '/dashboard/analytics', 'dashboard', 'dashboards'),
      ],
    },
    organizations,
    leagues,
    teams,
    divisions,
    players,
    campaigns,
    donations,
    settings([users, affiliates, registrations, onboardingTasks]),
  ],
} as const satisfies Record<string, readonly NavItem[]>;

export type MenuId = keyof typeof MENUS;

export function menuIdForRole(role: Role): MenuId {
  switch (role) {
    case 'super_admin':
      return 'superAdmin';
    case 'team_admin':
      return 'teamAdmin';
    case 'fys_sales':
      return 'fysSales';
    case 'fundraiser':
      return 'fundraiser';
    case 'affiliate':
      return 'affiliate';
    default:
      return 'others';
  }
}

function linkVisible(item: NavLinkItem, ability: AppAbility, layout: LayoutKind): boolean {
  if (item.layouts && !item.layouts.includes(layout)) return false;
  return canAccess(ability, item.action ?? 'read', item.resource);
}

/** The role's menu filtered by the user's abilities; empty groups disappear. */
export function visibleMenu(role: Role, ability: AppAbility, layout: LayoutKind): NavItem[] {
  const out: NavItem[] = [];
  for (const item of MENUS[menuIdForRole(role)] as readonly NavItem[]) {
    if (item.kind === 'link') {
      if (linkVisible(item, ability, layout)) out.push(item);
    } else {
      const children = item.children.filter((c) => linkVisible(c, ability, layout));
      if (children.length > 0) out.push({ ...item, children });
    }
  }
  return out;
}
