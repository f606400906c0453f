import { SERVICE_SLUGS } from '../../shared/service-slugs';

/**
 * The public pages a search engine should know, besides the blog's posts: every route of the
 * spec's table (2) that is public. The server cannot read the client's route table (imports
 * flow one way), so feeds.test.ts checks that each of these renders with status 200.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/',
  '/about',
  '/services',
  ...SERVICE_SLUGS.map((slug) => `/services/${slug}`),
  '/portfolio',
  '/packages',
  '/contact',
  '/blog',
  '/privacy',
  '/typography',
];

/** Never for search engines: the administrator's area, the API and the account pages. */
export const DISALLOWED_PATHS: readonly string[] = ['/admin', '/api/', '/login', '/register', '/forgot-password', '/reset-password/'];
