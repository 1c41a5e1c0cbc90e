import type { LoginResponse, StoredUser } from '@fc/contracts';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { api } from '../api/client';
import { setLanguage } from '../i18n';
import { clearSession, getRefreshToken, getStoredUser, setStoredUser, setTokens } from './storage';

interface AuthContextValue {
  user: StoredUser | null;
  /** Store the tokens and user of a login-shaped response (login, register, otl, activate). */
  signIn: (response: Pick<LoginResponse, 'userData' | 'accessToken' | 'refreshToken'>) => void;
  updateUser: (user: StoredUser) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser | null>(() => getStoredUser());

  const signIn = useCallback<AuthContextValue['signIn']>((response) => {
    setTokens(response.accessToken, response.refreshToken);
    setStoredUser(response.userData);
    setLanguage(response.userData.language);
    setUser(response.userData);
  }, []);

  const updateUser = useCallback((next: StoredUser) => {
    setStoredUser(next);
    setUser(next);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.post('/jwt/logout', { refreshToken: getRefreshToken() ?? undefined }, { skipRefresh: true });
    } catch {
      // The session ends locally whatever the server says (token may already be expired).
    }
    clearSession();
    setUser(null);
    window.location.assign('/login');
  }, []);

  const value = useMemo(() => ({ user, signIn, updateUser, signOut }), [user, signIn, updateUser, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
