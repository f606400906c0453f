import { matchPage } from './match-route';

/**
 * The page type a public path has in the route table (its chunk without `page-`: 'home',
 * 'post', 'service', …), or null where nothing is counted: admin and account pages, and paths
 * that lead nowhere (a service page the code does not name among others).
 */
export function pageTypeOf(pathname: string): string | null {
  const { route } = matchPage(pathname);
  if (route.render !== 'server' || route.path === '*' || route.notFound) return null;
  // A parameterised route with its pages fixed in code serves those and no others.
  if (route.pages && !route.pages.includes(pathname)) return null;
  return route.chunk.replace(/^page-/, '');
}
