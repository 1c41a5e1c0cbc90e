import { type Action, ROLES, type Role, type Subject } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { type AbilityContext, abilityFromRules, asSubject, clientRulesFor, rulesFor } from './abilities.js';

// Tree: 1 org > 2 league > 3 team > 4 division; 5 is a sibling team; 9 another organization.
const ctx = (role: Role, organizationId: number | null = null): AbilityContext => {
  const scopes: Record<number, number[]> = { 1: [1, 2, 3, 4, 5], 2: [2, 3, 4, 5], 3: [3, 4], 4: [4] };
  const ancestors: Record<number, number[]> = { 1: [], 2: [1], 3: [2, 1], 4: [3, 2, 1] };
  return {
    userId: 100,
    role,
    organizationId,
    scopeIds: organizationId ? (scopes[organizationId] ?? []) : [],
    ancestorIds: organizationId ? (ancestors[organizationId] ?? []) : [],
  };
};
const ability = (role: Role, org: number | null = null) => abilityFromRules(rulesFor(ctx(role, org)));
const can = (role: Role, org: number | null, action: Action, subject: Subject) =>
  ability(role, org).can(action, subject);

describe('ability matrix (DECISIONS §3)', () => {
  it('gives Super Admin everything and every role its own profile', () => {
    expect(can('super_admin', null, 'delete', 'org-organizations')).toBe(true);
    for (const role of ROLES) {
      const a = ability(role, role.endsWith('admin') || role === 'org_user' ? 1 : null);
      expect(a.can('read', asSubject('userprofile', { id: 100, organizationIds: [] }))).toBe(true);
      expect(a.can('update', asSubject('userprofile', { id: 100, organizationIds: [] }))).toBe(true);
    }
  });

  it('scopes Organization Admin user management to its subtree', () => {
    const a = ability('org_admin', 1);
    expect(a.can('delete', asSubject('userprofile', { id: 7, organizationIds: [4] }))).toBe(true);
    expect(a.can('delete', asSubject('userprofile', { id: 7, organizationIds: [9] }))).toBe(false);
    expect(a.can('list', 'userprofile')).toBe(true);
  });

  it('lets Organization User read but never write', () => {
    const a = ability('org_user', 1);
    expect(a.can('read', asSubject('org-teams', { id: 3 }))).toBe(true);
    expect(a.can('update', asSubject('org-teams', { id: 3 }))).toBe(false);
    expect(a.can('delete', asSubject('userprofile', { id: 7, organizationIds: [1] }))).toBe(false);
  });

  it('gives Team Admin its ancestors to read and its subtree to manage', () => {
    const a = ability('team_admin', 3);
    expect(a.can('read', asSubject('org-leagues', { id: 2 }))).toBe(true);
    expect(a.can('update', asSubject('org-leagues', { id: 2 }))).toBe(false);
    expect(a.can('update', asSubject('org-teams', { id: 3 }))).toBe(true);
    expect(a.can('update', asSubject('org-teams', { id: 5 }))).toBe(false);
    expect(a.can('manage', asSubject('players', { organizationId: 4 }))).toBe(true);
    expect(a.can('list', 'userprofile')).toBe(false);
  });

  it('limits FYS Sales management to its own teams', () => {
    const a = ability('fys_sales');
    expect(a.can('update', asSubject('org-teams', { id: 3, salesUserId: 100 }))).toBe(true);
    expect(a.can('update', asSubject('org-teams', { id: 5, salesUserId: 200 }))).toBe(false);
    expect(a.can('create', 'org-teams')).toBe(true);
    expect(a.can('read', 'onboarding')).toBe(true);
  });

  it('keeps donors, fundraisers and affiliates to their own records', () => {
    expect(can('donor', null, 'read', 'donations')).toBe(true);
    expect(can('donor', null, 'read', 'org-organizations')).toBe(false);
    expect(can('donor', null, 'list', 'userprofile')).toBe(false);
    const f = ability('fundraiser');
    expect(f.can('update', asSubject('players', { guardianUserId: 100 }))).toBe(true);
    expect(f.can('update', asSubject('players', { guardianUserId: 101 }))).toBe(false);
    expect(can('affiliate', null, 'read', 'dashboards')).toBe(true);
    expect(can('affiliate', null, 'read', 'donations')).toBe(false);
  });
});

describe('the console copy of the rules', () => {
  it('names the membership node instead of listing every id of its subtree, and keeps type-level answers', () => {
    const scopeIds = Array.from({ length: 5000 }, (_, i) => i + 1);
    const c = { userId: 9, role: 'org_admin' as Role, organizationId: 1, scopeIds, ancestorIds: [] };
    const client = clientRulesFor(c);
    expect(JSON.stringify(client).length).toBeLessThan(3000);
    expect(JSON.stringify(rulesFor(c)).length).toBeGreaterThan(20000);
    const server = abilityFromRules(rulesFor(c));
    const inConsole = abilityFromRules(client);
    for (const subject of ['org-teams', 'org-divisions', 'campaigns', 'donations', 'userprofile', 'faq'] as const)
      for (const action of ['read', 'create', 'update', 'delete'] as const)
        expect(inConsole.can(action, subject), `${action} ${subject}`).toBe(server.can(action, subject));
    expect(client.find((r) => r.subject === 'org-teams')?.conditions).toEqual({ subtreeOf: 1 });
  });
});
