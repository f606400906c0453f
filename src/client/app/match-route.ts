import { matchRoutes } from 'react-router-dom';
import { routeIndex } from './route-index';
import type { PageRoute } from './public-routes';
import { redirects, routes } from './routes';

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

const candidatesFor = routeIndex(
  routes.map((route) => ({ path: route.path, route })),
  (entry) => entry.path,
);

/** The page a path leads to; the catch-all route answers every unknown path. */
export function matchPage(pathname: string): RouteMatch {
  const matches = matchRoutes([...candidatesFor(pathname)], pathname);
  const match = matches?.[matches.length - 1];
  if (!match) throw new Error(`No route for ${pathname}; the route table needs a catch-all`);
  return { route: match.route.route, params: match.params };
}

export function redirectFor(pathname: string): string | undefined {
  return redirects[pathname.replace(/\/+$/, '') || '/'];
}
