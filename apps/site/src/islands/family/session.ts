/// <reference lib="dom" />
/**
 * The console's session as the SPA keeps it (apps/web/src/lib/auth/storage.ts, spec §9):
 * `accessToken`, `refreshToken`, `userData` in localStorage. The invitation and registration
 * islands read it to offer a signed-in visitor the same choices as the SPA did, and write it the
 * way the SPA's signIn does when accepting or registering signs the family in; the console then
 * opens with a full page load and finds the session.
 */

export const STORAGE = {
  access: 'accessToken',
  refresh: 'refreshToken',
  user: 'userData',
  /** Which build of the console checked `userData`: cleared, so the console checks ours once. */
  userCheckedBy: 'userDataCheckedBy',
  refreshRetry: 'refreshRetry',
  language: 'language',
} as const;

/** What the islands show of the signed-in person (the StoredUser's names and e-mail). */
export interface SessionUser {
  firstName: string;
  lastName: string;
  email: string;
}

/** A login answer (POST /jwt/login, accept-invite, register): a session to keep. */
export interface SessionAnswer {
  accessToken: string;
  refreshToken: string;
  userData: SessionUser & { language?: string };
}

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export function storedUser(): SessionUser | null {
  const raw = storage()?.getItem(STORAGE.user);
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as Partial<SessionUser> | null;
    return u && typeof u.email === 'string'
      ? { firstName: String(u.firstName ?? ''), lastName: String(u.lastName ?? ''), email: u.email }
      : null;
  } catch {
    return null;
  }
}

export const accessToken = () => storage()?.getItem(STORAGE.access) ?? null;
export const refreshToken = () => storage()?.getItem(STORAGE.refresh) ?? null;

export function setTokens(access: string, refresh: string): void {
  storage()?.setItem(STORAGE.access, access);
  storage()?.setItem(STORAGE.refresh, refresh);
}

/** As the SPA's AuthProvider.signIn: tokens, the user, and the user's language. */
export function storeSession(res: SessionAnswer): void {
  const s = storage();
  if (!s) return;
  setTokens(res.accessToken, res.refreshToken);
  s.setItem(STORAGE.user, JSON.stringify(res.userData));
  s.removeItem(STORAGE.userCheckedBy);
  if (res.userData.language === 'en' || res.userData.language === 'es')
    s.setItem(STORAGE.language, res.userData.language);
}

/** As the SPA's clearSession: a refused refresh ends the session. */
export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of [STORAGE.refreshRetry, STORAGE.access, STORAGE.refresh, STORAGE.user, STORAGE.userCheckedBy])
    s.removeItem(key);
}

/** The retry key of a refresh (contracts refreshBodySchema), kept per refresh token as the SPA does. */
export function refreshRetryKey(token: string): string {
  const s = storage();
  try {
    const kept = JSON.parse(s?.getItem(STORAGE.refreshRetry) ?? 'null') as { token?: unknown; key?: unknown } | null;
    if (kept?.token === token && typeof kept.key === 'string') return kept.key;
  } catch {
    // An unreadable record is replaced.
  }
  const key = crypto.randomUUID();
  s?.setItem(STORAGE.refreshRetry, JSON.stringify({ token, key }));
  return key;
}

export function clearRefreshRetry(): void {
  storage()?.removeItem(STORAGE.refreshRetry);
}

/** Where the family goes once signed in: the console's family home, opened as a new page. */
export const FAMILY_HOME = '/fundraisers/home';
export function openConsole(): void {
  window.location.replace(FAMILY_HOME);
}
