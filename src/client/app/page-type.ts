import { matchPage } from './match-route';

/**
 * The page type a public path has in the route table (its chunk without `page-`: 'home',
 * 'post', 'service', …), or null where nothing is counted: admin and account pages, and paths
 * that lead nowhere.
 */
export function pageTypeOf(pathname: string): string | null {
  const { route } = matchPage(pathname);
  if (route.render !== 'server' || route.path === '*' || route.notFound) return null;
  return route.chunk.replace(/^page-/, '');
}
