import type { StoredUser } from '@fc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreSession } from './session';
import { getAccessToken, getStoredUser, isStoredUserChecked, setStoredUser, setTokens } from './storage';
import { donorUser } from './test-user';

const user: StoredUser = donorUser;

describe('restoreSession', () => {
  afterEach(() => localStorage.clear());

  it('keeps a session whose stored user matches the contract, and remembers this build checked it', () => {
    setTokens('a', 'r');
    localStorage.setItem('userData', JSON.stringify(user));
    expect(isStoredUserChecked()).toBe(false);
    restoreSession();
    expect(getStoredUser()).toEqual(user);
    expect(getAccessToken()).toBe('a');
    expect(isStoredUserChecked()).toBe(true);
  });

  it('takes a user stored by this build as checked; signing out forgets it', () => {
    setStoredUser(user);
    expect(isStoredUserChecked()).toBe(true);
    localStorage.setItem('userDataCheckedBy', 'https://example.org/assets/index-older.js');
    expect(isStoredUserChecked()).toBe(false);
  });

  it('ends a session whose stored user no longer matches the contract', () => {
    setTokens('a', 'r');
    localStorage.setItem('userData', JSON.stringify({ ...user, abilities: undefined }));
    restoreSession();
    expect(getStoredUser()).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(isStoredUserChecked()).toBe(false);
  });

  it('ends a session whose stored user is not JSON', () => {
    setTokens('a', 'r');
    localStorage.setItem('userData', '{not json');
    restoreSession();
    expect(getStoredUser()).toBeNull();
    expect(getAccessToken()).toBeNull();
  });
});
