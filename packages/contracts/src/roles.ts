/**
 * Roles, profile types and organization types shared by the API and the web app.
 * Wire identifiers follow DECISIONS §3; the UI translates them (key `roles.<id>`).
 */
export const STAFF_ROLES = ['super_admin', 'fys_sales'] as const;
export const ORG_ROLES = ['org_admin', 'org_user', 'league_admin', 'team_admin', 'division_admin'] as const;
export const PROFILE_ROLES = ['fundraiser', 'donor', 'affiliate'] as const;
export const ROLES = [...STAFF_ROLES, ...ORG_ROLES, ...PROFILE_ROLES] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];
export type OrgRole = (typeof ORG_ROLES)[number];
export type ProfileRole = (typeof PROFILE_ROLES)[number];
export type Role = (typeof ROLES)[number];

/** Profile types a user can switch between (spec §4). `staff` is offered only to staff users. */
export const PROFILE_TYPES = ['staff', 'organization', 'fundraiser', 'donor', 'affiliate'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** Fixed organization type ids (DECISIONS §2). */
export const ORG_TYPE = { organization: 1, league: 2, team: 3, division: 4 } as const;
export type OrgTypeName = keyof typeof ORG_TYPE;
export type OrgTypeId = (typeof ORG_TYPE)[OrgTypeName];

/** The organization type an org-role membership must be attached to. */
export const ORG_ROLE_NODE_TYPE: Record<OrgRole, OrgTypeId> = {
  org_admin: 1,
  org_user: 1,
  league_admin: 2,
  team_admin: 3,
  division_admin: 4,
};

/** Home route by role (spec §2 "Home by role"). */
export const ROLE_HOME: Record<Role, string> = {
  super_admin: '/dashboard/admin',
  fys_sales: '/dashboard/admin',
  org_admin: '/orgs/organizations/list',
  org_user: '/orgs/organizations/list',
  league_admin: '/orgs/leagues/list',
  team_admin: '/dashboard',
  division_admin: '/orgs/divisions/list',
  fundraiser: '/fundraisers/home',
  donor: '/donations/list',
  affiliate: '/dashboard/affiliate',
};

export function homeForRole(role: string | null | undefined): string {
  return role && role in ROLE_HOME ? ROLE_HOME[role as Role] : '/login';
}

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

export function isOrgRole(role: string | null | undefined): role is OrgRole {
  return (ORG_ROLES as readonly string[]).includes(role ?? '');
}
