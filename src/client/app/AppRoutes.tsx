import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { BrowserOnly } from '../components/BrowserOnly';
import { Layout } from '../components/layout/Layout';
import { PageLoading } from '../components/layout/PageLoading';
import { redirects, routes } from './routes';

export const routeObjects: RouteObject[] = [
  {
    element: <Layout />,
    children: [
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
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routeObjects);
}
