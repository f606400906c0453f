import type { ReactElement } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { BrowserOnly } from '../components/browser-only';
import { Layout } from '../components/layout/layout';
import { PageLoading } from '../components/layout/page-loading';
import { routeIndex } from './route-index';
import type { PageRoute } from './public-routes';
import { adminArea, redirects, routes } from './routes';

/** The pages and redirects under the shared layout; the admin area's pages inside its layout route. */
const layout = <Layout />;
const browserOnly = (element: ReactElement) => <BrowserOnly fallback={<PageLoading />}>{element}</BrowserOnly>;
const pageObject = ({ path, render, Page }: PageRoute): RouteObject => ({ path, element: render === 'browser' ? browserOnly(<Page />) : <Page /> });
const adminLayout: RouteObject = {
  path: adminArea.path,
  element: browserOnly(<adminArea.Layout pages={adminArea.children} />),
  // Rendered in the layout's outlet, so behind its guard.
  children: adminArea.children.map(({ path, Page }) => ({ path, element: <Page /> })),
};
const guarded = new Set(adminArea.children);
const pageObjects: RouteObject[] = [
  ...Object.entries(redirects).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
  // The layout route takes the place of its pages, so the table keeps its order.
  ...routes.flatMap((route) => (!guarded.has(route) ? [pageObject(route)] : route === adminArea.children[0] ? [adminLayout] : [])),
];

/** The table as react-router takes it, with each path's candidates only (route-index.ts): made once per first segment. */
const candidatesFor = routeIndex(pageObjects, (route) => route.path ?? '');
const tables = new Map<readonly RouteObject[], RouteObject[]>();

function tableFor(pathname: string): RouteObject[] {
  const candidates = candidatesFor(pathname);
  let table = tables.get(candidates);
  if (!table) {
    table = [{ element: layout, children: [...candidates] }];
    tables.set(candidates, table);
  }
  return table;
}

export function AppRoutes() {
  return useRoutes(tableFor(useLocation().pathname));
}
