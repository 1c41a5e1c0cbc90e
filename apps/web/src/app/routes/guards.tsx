import { homeForRole } from '@fc/contracts';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { LoadingScreen } from '../../components/ui/LoadingScreen';
import { canAccess } from '../../lib/abilities/ability';
import { useAppAbility } from '../../lib/abilities/useAppAbility';
import { useAuth } from '../../lib/auth/AuthProvider';
import { isRouteHandle } from './meta';

// The console shell is not needed by public pages such as /login: keep it out of their bundle.
const ConsoleLayout = lazy(() => import('../layouts/ConsoleLayout').then((m) => ({ default: m.ConsoleLayout })));

/** Authenticated routes: no stored user → /login?returnTo; missing ability → not-authorized. */
export function AuthGuard() {
  const { user } = useAuth();
  const ability = useAppAbility();
  const location = useLocation();
  const matches = useMatches();

  if (!user) {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?returnTo=${returnTo}`} replace />;
  }
  const handle = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle;
  if (isRouteHandle(handle) && handle.meta.resource) {
    if (!canAccess(ability, handle.meta.action ?? 'read', handle.meta.resource)) {
      return <Navigate to="/misc/not-authorized" replace />;
    }
  }
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <ConsoleLayout />
    </Suspense>
  );
}

/** Login and friends: a logged-in user goes to the home of their role. */
export function RestrictedPublic() {
  const { user } = useAuth();
  if (user) return <Navigate to={homeForRole(user.role)} replace />;
  return <Outlet />;
}

/** `/`: home of the role, or /login. */
export function HomeRedirect() {
  const { user } = useAuth();
  return <Navigate to={homeForRole(user?.role)} replace />;
}
