import type { StoredUser } from '@fc/contracts';
import { describe, expect, it } from 'vitest';
import { availableProfileTypes, profileCount } from './profiles';
import { safeReturnTo } from './storage';
import { donorUser } from './test-user';

const base: StoredUser = donorUser;

describe('profiles', () => {
  it('counts each organization membership and each profile', () => {
    expect(profileCount(base)).toBe(1);
    const many = {
      ...base,
      staffRole: 'fys_sales' as const,
      organizations: [
        { id: 1, name: 'A', typeId: 1, role: 'org_admin' as const },
        { id: 2, name: 'B', typeId: 3, role: 'team_admin' as const },
      ],
      fundraiser_profile: [{ id: 5 }],
    };
    expect(profileCount(many)).toBe(5);
    expect(availableProfileTypes(many)).toEqual(['staff', 'organization', 'fundraiser', 'donor']);
  });

  it('offers only the types held', () => {
    expect(availableProfileTypes(base)).toEqual(['donor']);
  });
});

describe('safeReturnTo', () => {
  it('accepts same-origin paths only', () => {
    expect(safeReturnTo('/apps/user/list?page=2')).toBe('/apps/user/list?page=2');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });
});
