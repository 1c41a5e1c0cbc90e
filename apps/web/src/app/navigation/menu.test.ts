import type { AbilityRule, Role } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { buildAbility } from '../../lib/abilities/ability';
import { type NavItem, visibleMenu } from './menu';

const keys = (items: NavItem[]) =>
  items.flatMap((i) => (i.kind === 'group' ? [i.key, ...i.children.map((c) => c.key)] : [i.key]));

const all: AbilityRule[] = [{ action: 'manage', subject: 'all' }];

describe('menu by role (spec §2)', () => {
  it('Super Admin', () => {
    expect(keys(visibleMenu('super_admin', buildAbility(all), 'horizontal'))).toEqual([
      'dashboard',
      'organizations',
      'leagues',
      'teams',
      'divisions',
      'campaigns',
      'players',
      'donations',
      'settings',
      'users',
      'affiliates',
      'registrations',
      'data-entry',
      'outbox',
      'contact-messages',
    ]);
  });

  it('Team Admin and FYS Sales', () => {
    const ability = buildAbility(all);
    expect(keys(visibleMenu('team_admin', ability, 'horizontal'))).toEqual([
      'dashboard',
      'organizations',
      'leagues',
      'teams',
      'campaigns',
      'players',
    ]);
    expect(keys(visibleMenu('fys_sales', ability, 'horizontal'))).toEqual([
      'dashboard',
      'organizations',
      'leagues',
      'teams',
      'campaigns',
      'players',
      'registrations',
    ]);
  });

  it('Fundraiser gets the dashboard only in the vertical layout', () => {
    const ability = buildAbility(all);
    expect(keys(visibleMenu('fundraiser', ability, 'horizontal'))).toEqual(['my-players', 'my-campaigns']);
    expect(keys(visibleMenu('fundraiser', ability, 'vertical'))).toEqual([
      'fundraiser-dashboard',
      'my-players',
      'my-campaigns',
    ]);
  });

  it('Affiliate', () => {
    expect(keys(visibleMenu('affiliate', buildAbility(all), 'horizontal'))).toEqual([
      'affiliate-dashboard',
      'affiliate-profile',
    ]);
  });

  it('Others see only what their abilities allow, and empty groups disappear', () => {
    const donor = buildAbility([
      { action: 'read', subject: 'donations', conditions: { donorId: 1 } },
      { action: 'read', subject: 'faq' },
    ]);
    expect(keys(visibleMenu('donor', donor, 'horizontal'))).toEqual(['donations']);
    const orgAdmin = buildAbility([
      { action: 'read', subject: ['dashboards', 'donations', 'affiliates', 'faq'] },
      {
        action: 'manage',
        subject: [
          'org-organizations',
          'org-leagues',
          'org-teams',
          'org-divisions',
          'campaigns',
          'players',
          'userprofile',
        ],
      },
    ]);
    expect(keys(visibleMenu('org_admin' as Role, orgAdmin, 'horizontal'))).toEqual([
      'dashboards',
      'dashboard-overview',
      'dashboard-analytics',
      'organizations',
      'leagues',
      'teams',
      'divisions',
      'players',
      'campaigns',
      'donations',
      'settings',
      'users',
      'affiliates',
      'onboarding-tasks',
    ]);
  });
});
