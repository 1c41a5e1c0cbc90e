/**
 * Session storage (spec §9): tokens under `accessToken` / `refreshToken`, the stored user under
 * `userData`. A user record that no longer matches the contract is treated as no session: the
 * app checks it before its first render (./session.ts) when this build of the app has not
 * checked or written it yet (`userDataCheckedBy`), so the schemas load once after a new
 * release, not on every start, and never for a visitor of the public pages.
 */
import type { StoredUser } from '@fc/contracts';

export const STORAGE_KEYS = {
  access: 'accessToken',
  refresh: 'refreshToken',
  user: 'userData',
  userCheckedBy: 'userDataCheckedBy',
  refreshRetry: 'refreshRetry',
} as const;

// The URL of the module bundling this file: content-hashed, it changes with every release.
const BUILD = import.meta.url;

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.access);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refresh);
}

export function setTokens(accessToken: string, refreshToken: string): void {
  localStorage.setItem(STORAGE_KEYS.access, accessToken);
  localStorage.setItem(STORAGE_KEYS.refresh, refreshToken);
}

/** The stored user, as checked by `restoreSession()` at start and written by `setStoredUser`. */
export function getStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredUser;
  } catch {
    return null;
  }
}

export function hasStoredUser(): boolean {
  return localStorage.getItem(STORAGE_KEYS.user) !== null;
}

/** Was the stored user written or checked against the contract by this build of the app? */
export function isStoredUserChecked(): boolean {
  return localStorage.getItem(STORAGE_KEYS.userCheckedBy) === BUILD;
}

export function markStoredUserChecked(): void {
  localStorage.setItem(STORAGE_KEYS.userCheckedBy, BUILD);
}

/** Stores a user the server sent this build of the app (so it matches the contract). */
export function setStoredUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  markStoredUserChecked();
}

/**
 * The retry key of a refresh of `refreshToken` (contracts `refreshBodySchema`): the one kept from
 * an earlier attempt with the same token whose answer never came (the page reloaded mid-call),
 * or a new one, kept until an answer arrives (`clearRefreshRetry`).
 */
export function refreshRetryKey(refreshToken: string): string {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEYS.refreshRetry) ?? 'null') as {
      token?: unknown;
      key?: unknown;
    } | null;
    if (kept?.token === refreshToken && typeof kept.key === 'string') return kept.key;
  } catch {
    // An unreadable record is replaced.
  }
  const key = crypto.randomUUID();
  localStorage.setItem(STORAGE_KEYS.refreshRetry, JSON.stringify({ token: refreshToken, key }));
  return key;
}

export function clearRefreshRetry(): void {
  localStorage.removeItem(STORAGE_KEYS.refreshRetry);
}

export function clearSession(): void {
  clearRefreshRetry();
  localStorage.removeItem(STORAGE_KEYS.access);
  localStorage.removeItem(STORAGE_KEYS.refresh);
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.userCheckedBy);
}

/** Only same-origin paths are accepted as a post-login destination (no open redirect). */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
