import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { NothingToPreview, SitePreviewFrame } from '../features/site-editor/preview/site-preview-frame';
import { publicPages } from './public-routes';

/** The public pages the preview draws: those the server renders, each as its own route does. */
const previewable = publicPages.filter((route) => route.render === 'server');
const table: RouteObject[] = [
  // Relative to the preview's own address, so each page reads its parameters as on the site.
  ...previewable.map(({ path, Page }): RouteObject => (path === '/' ? { index: true, element: <Page /> } : { path: path.slice(1), element: <Page /> })),
  { path: '*', element: <NothingToPreview /> },
];
const pagePaths = previewable.map(({ path }) => ({ path }));
const isPage = (pathname: string) => matchRoutes(pagePaths, pathname) !== null;

/** `/admin/site/preview/{path}`: the site's page at `path` with the unpublished draft applied. */
export default function SitePreviewPage() {
  return <SitePreviewFrame isPage={isPage}>{useRoutes(table)}</SitePreviewFrame>;
}
