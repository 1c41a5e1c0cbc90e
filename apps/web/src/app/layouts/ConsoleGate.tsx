import { AbilityProvider } from '@casl/react';
import { useMemo } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router';
import { buildAbility, canAccess } from '../../lib/abilities/ability';
import { useAuth } from '../../lib/auth/AuthProvider';
import { routeMeta } from '../routes/meta';
import { ConsoleLayout } from './ConsoleLayout';

/**
 * The signed-in part of the app (loaded lazily by the AuthGuard, with the CASL rules the public
 * pages never need): the user's abilities, the route's access check, then the console shell.
 */
export function ConsoleGate({ routes }: { routes: RouteObject[] }) {
  const { user } = useAuth();
  const location = useLocation();
  const ability = useMemo(() => buildAbility(user?.abilities), [user]);
  const meta = routeMeta(routes, location);
  if (meta?.resource && !canAccess(ability, meta.action ?? 'read', meta.resource)) {
    return <Navigate to="/misc/not-authorized" replace />;
  }
  return (
    <AbilityProvider value={ability}>
      <ConsoleLayout />
    </AbilityProvider>
  );
}
