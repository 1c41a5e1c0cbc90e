import { storedUserSchema } from '@fc/contracts';
import { clearSession, markStoredUserChecked, STORAGE_KEYS } from './storage';

/**
 * Drops a stored session whose user record no longer matches the contract (written by an
 * older version of the app, or edited by hand): the app then starts signed out.
 */
export function restoreSession(): void {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw === null) return;
  let valid = false;
  try {
    valid = storedUserSchema.safeParse(JSON.parse(raw)).success;
  } catch {
    valid = false;
  }
  if (valid) markStoredUserChecked();
  else clearSession();
}
