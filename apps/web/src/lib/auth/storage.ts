/**
 * Session storage (spec §9): tokens under `accessToken` / `refreshToken`, the stored user under
 * `userData`. A user record that no longer matches the contract is treated as no session.
 */
import { type StoredUser, storedUserSchema } from '@fc/contracts';

export const STORAGE_KEYS = { access: 'accessToken', refresh: 'refreshToken', user: 'userData' } as const;

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

export function getStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.access);
  localStorage.removeItem(STORAGE_KEYS.refresh);
  localStorage.removeItem(STORAGE_KEYS.user);
}

/** Only same-origin paths are accepted as a post-login destination (no open redirect). */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
