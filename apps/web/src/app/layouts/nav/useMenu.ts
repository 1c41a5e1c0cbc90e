import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAppAbility } from '../../../lib/abilities/useAppAbility';
import { useAuth } from '../../../lib/auth/AuthProvider';
import type { LayoutKind } from '../../../lib/prefs/preferences';
import { type NavItem, visibleMenu } from '../../navigation/menu';

export function useMenu(layout: LayoutKind): NavItem[] {
  const { user } = useAuth();
  const ability = useAppAbility();
  return useMemo(() => (user ? visibleMenu(user.role, ability, layout) : []), [user, ability, layout]);
}

/**
 * Is a menu link the current page? As NavLink (the path or a page below it), and for links that
 * differ only by `?tab=` ("My Players" and "My Campaigns" share /fundraisers/home), the same tab.
 */
export function useLinkActive(to: string): boolean {
  const { pathname, search } = useLocation();
  const [path = '', query = ''] = to.split('?');
  const onPath = pathname === path || pathname.startsWith(`${path}/`);
  return onPath && new URLSearchParams(query).get('tab') === new URLSearchParams(search).get('tab');
}
