import type { Action, Subject } from '@fc/contracts';
import { type Location, matchRoutes, type RouteObject } from 'react-router';

/**
 * Route meta (spec §2 route guard): the resource and action a route needs. `resource: null`
 * means "any logged-in user"; a list means any one of them is enough.
 */
export interface RouteMeta {
  resource: Subject | readonly Subject[] | null;
  action?: Action;
}

export interface RouteHandle {
  meta: RouteMeta;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

export function meta(resource: RouteMeta['resource'], action?: Action): RouteHandle {
  return { meta: action ? { resource, action } : { resource } };
}

/** The meta of the deepest route of `routes` matching `location` that has one. */
export function routeMeta(routes: RouteObject[], location: Partial<Location> | string): RouteMeta | undefined {
  const matches = matchRoutes(routes, location) ?? [];
  const handle = [...matches].reverse().find((m) => isRouteHandle(m.route.handle))?.route.handle;
  return isRouteHandle(handle) ? handle.meta : undefined;
}
