import { homeForRole } from '@fc/contracts';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/LoadingScreen';
import { useAuth } from '../../lib/auth/AuthProvider';
import { hasStoredUser } from '../../lib/auth/storage';
import { loadPart } from '../../lib/i18n';

// The console (its shell, abilities, route checks and strings) is not needed by public pages
// such as /login: keep it out of their bundle.
const loadConsole = () =>
  Promise.all([import('../layouts/ConsoleGate'), loadPart('console')]).then(([m]) => ({ default: m.ConsoleGate }));
let consoleLoading: ReturnType<typeof loadConsole> | undefined;
const Console = lazy(() => {
  consoleLoading ??= loadConsole();
  return consoleLoading;
});

/**
 * Authenticated routes: no stored user → /login?returnTo; then the console checks the route's
 * ability (missing → not-authorized). `routes` are its child routes, whose `handle.meta` names
 * what each needs.
 */
export function AuthGuard({ routes }: { routes: RouteObject[] }) {
  const { user } = useAuth();
  const location = useLocation();

  if (!user) {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?returnTo=${returnTo}`} replace />;
  }
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <Console routes={routes} />
    </Suspense>
  );
}

/** With a stored session, the console's code starts loading as the app starts (preloadRoute). */
AuthGuard.preload = async () => {
  if (hasStoredUser()) consoleLoading ??= loadConsole();
  return consoleLoading;
};

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
