import { useMemo } from 'react';
import { useAppAbility } from '../../../lib/abilities/useAppAbility';
import { useAuth } from '../../../lib/auth/AuthProvider';
import type { LayoutKind } from '../../../lib/prefs/preferences';
import { type NavItem, visibleMenu } from '../../navigation/menu';

export function useMenu(layout: LayoutKind): NavItem[] {
  const { user } = useAuth();
  const ability = useAppAbility();
  return useMemo(() => (user ? visibleMenu(user.role, ability, layout) : []), [user, ability, layout]);
}
