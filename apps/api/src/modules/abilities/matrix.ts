/**
 * The ability matrix of DECISIONS §3 as data: every role's rules with a scope label. The same
 * table builds the CASL rules enforced on every request (abilities.ts) and is what the console's
 * roles, permissions and access-control pages show (GET /acl/matrix).
 *
 * Scopes: all = no condition; scope = the membership's node and everything below it;
 * ancestors = the nodes above the membership's node; own = the user's own records;
 * sales = teams whose salesperson is the user.
 */
import type { Action, Role, Subject } from '@fc/contracts';

export type Scope = 'all' | 'own' | 'scope' | 'ancestors' | 'sales';
export interface MatrixRule {
  action: Action[];
  subject: Subject[];
  scope: Scope;
}

const READ: Action[] = ['read', 'list'];
const MANAGE: Action[] = ['manage'];
const OWN_PROFILE: MatrixRule = { action: ['read', 'update'], subject: ['userprofile'], scope: 'own' };
/** What an Organization Admin manages in its scope, and an Organization User reads there. */
const ORG_ADMIN_SUBJECTS: Subject[] = [
  'org-organizations',
  'org-leagues',
  'org-teams',
  'org-divisions',
  'campaigns',
  'players',
  'fundraisers',
  'userprofile',
];
const FAQ: MatrixRule = { action: READ, subject: ['faq'], scope: 'all' };

export const ROLE_MATRIX: Record<Role, MatrixRule[]> = {
  super_admin: [{ action: MANAGE, subject: ['all'], scope: 'all' }],
  fys_sales: [
    {
      action: READ,
      subject: ['dashboards', 'org-organizations', 'org-leagues', 'org-divisions', 'donations', 'affiliates', 'faq'],
      scope: 'all',
    },
    { action: READ, subject: ['org-teams', 'campaigns', 'players', 'fundraisers', 'onboarding'], scope: 'all' },
    { action: MANAGE, subject: ['org-teams', 'campaigns', 'players', 'fundraisers', 'onboarding'], scope: 'sales' },
    { action: ['create'], subject: ['org-teams'], scope: 'all' },
    OWN_PROFILE,
  ],
  org_admin: [
    { action: READ, subject: ['dashboards', 'faq'], scope: 'all' },
    { action: READ, subject: ['donations', 'affiliates'], scope: 'scope' },
    {
      action: MANAGE,
      subject: ORG_ADMIN_SUBJECTS,
      scope: 'scope',
    },
    OWN_PROFILE,
  ],
  org_user: [
    { action: READ, subject: ['dashboards', 'faq'], scope: 'all' },
    {
      action: READ,
      subject: ['donations', 'affiliates', ...ORG_ADMIN_SUBJECTS],
      scope: 'scope',
    },
    OWN_PROFILE,
  ],
  league_admin: [
    { action: READ, subject: ['dashboards', 'faq'], scope: 'all' },
    { action: READ, subject: ['org-organizations'], scope: 'ancestors' },
    { action: READ, subject: ['donations'], scope: 'scope' },
    {
      action: MANAGE,
      subject: ['org-leagues', 'org-teams', 'org-divisions', 'campaigns', 'players', 'fundraisers'],
      scope: 'scope',
    },
    OWN_PROFILE,
  ],
  team_admin: [
    { action: READ, subject: ['dashboards', 'faq'], scope: 'all' },
    { action: READ, subject: ['org-organizations', 'org-leagues'], scope: 'ancestors' },
    { action: READ, subject: ['donations'], scope: 'scope' },
    { action: MANAGE, subject: ['org-teams', 'org-divisions', 'campaigns', 'players', 'fundraisers'], scope: 'scope' },
    OWN_PROFILE,
  ],
  division_admin: [
    { action: READ, subject: ['dashboards', 'faq'], scope: 'all' },
    { action: READ, subject: ['org-teams', 'campaigns'], scope: 'ancestors' },
    { action: READ, subject: ['donations'], scope: 'scope' },
    { action: MANAGE, subject: ['org-divisions', 'players', 'fundraisers'], scope: 'scope' },
    OWN_PROFILE,
  ],
  fundraiser: [
    { action: READ, subject: ['dashboards', 'faq'], scope: 'all' },
    { action: READ, subject: ['campaigns', 'donations'], scope: 'own' },
    { action: MANAGE, subject: ['fundraisers', 'players'], scope: 'own' },
    OWN_PROFILE,
  ],
  donor: [{ action: READ, subject: ['donations'], scope: 'own' }, FAQ, OWN_PROFILE],
  affiliate: [
    { action: READ, subject: ['dashboards', 'faq'], scope: 'all' },
    { action: MANAGE, subject: ['affiliates'], scope: 'own' },
    OWN_PROFILE,
  ],
};
