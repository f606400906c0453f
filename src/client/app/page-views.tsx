import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTypeOf } from './page-type';

let count: ((path: string) => void) | undefined;
let waiting: string[] | undefined = [];

/**
 * Reports every address the router shows (the first and each route change) to the beacon. It
 * wraps the routes rather than sitting beside them: a sibling would shift React's ids away from
 * the server's HTML, which renders without it.
 */
export function PageViews({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (count) count(pathname);
    else waiting?.push(pathname);
  }, [pathname]);
  return children;
}

/**
 * Starts the beacon once the app has started, so it never delays the page; a visit that begins in
 * the admin area starts and counts nothing. Its code travels in the app's chunk: as a chunk of its
 * own, the request's headers weighed more than the code (scripts/check-bundle.mjs).
 */
export function loadInsights(apiBaseUrl: string): void {
  if (!pageTypeOf(location.pathname)) {
    waiting = undefined;
    return;
  }
  void import(/* webpackChunkName: "app" */ '../features/visit-beacon').then(({ startInsights }) => {
    count = startInsights({ apiBaseUrl, pageTypeOf });
    for (const path of waiting ?? []) count(path);
    waiting = undefined;
  });
}
