import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { BrowserOnly } from '../components/browser-only';
import { Layout } from '../components/layout/layout';
import { PageLoading } from '../components/layout/page-loading';
import { routeIndex } from './route-index';
import { redirects, routes } from './routes';

/** The pages and redirects under the shared layout. */
const layout = <Layout />;
const pageObjects: RouteObject[] = [
  ...Object.entries(redirects).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
  ...routes.map(({ path, render, Page }) => ({
    path,
    element:
      render === 'browser' ? (
        <BrowserOnly fallback={<PageLoading />}>
          <Page />
        </BrowserOnly>
      ) : (
        <Page />
      ),
  })),
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
