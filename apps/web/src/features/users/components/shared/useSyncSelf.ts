import type { UserDetail } from '@fc/contracts';
import { useCallback } from 'react';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { setLanguage } from '../../../../lib/i18n';

/** After editing your own account, keep the stored user (navbar name, avatar, language) in step. */
export function useSyncSelf() {
  const { user, updateUser } = useAuth();
  return useCallback(
    (detail: Pick<UserDetail, 'id'> & Partial<Pick<UserDetail, 'firstName' | 'lastName' | 'language' | 'avatar'>>) => {
      if (!user || user.id !== detail.id) return;
      const next = {
        ...user,
        firstName: detail.firstName ?? user.firstName,
        lastName: detail.lastName ?? user.lastName,
        language: detail.language ?? user.language,
        avatar: detail.avatar !== undefined ? detail.avatar : user.avatar,
      };
      updateUser(next);
      if (detail.language && detail.language !== user.language) setLanguage(detail.language);
    },
    [user, updateUser],
  );
}
