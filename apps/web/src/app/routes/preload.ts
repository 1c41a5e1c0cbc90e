import { isValidElement } from 'react';
import { matchRoutes, type Params, type RouteObject } from 'react-router';

interface Preloadable {
  preload?: (params: Params) => Promise<unknown>;
}

/**
 * Starts downloading the code of the page at `pathname` (and of the layouts around it) while
 * the app starts, instead of when React first renders them: the page's chunks arrive with the
 * rest rather than one round trip after; a public page's data request starts too. Route elements
 * whose component has `preload` take part.
 */
export function preloadRoute(routes: RouteObject[], pathname: string): Promise<unknown> {
  const loading: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    const preload = isValidElement(element) ? (element.type as Preloadable).preload : undefined;
    if (preload) loading.push(preload(match.params));
  }
  // A failed download shows when React renders the page (its error boundary), not here.
  return Promise.allSettled(loading);
}
