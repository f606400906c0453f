import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SERVICE_SLUGS } from '../../shared/service-slugs';
import { searchKey } from '../../shared/text/search-key';
import { requestedPage } from '../features/blog/pager';
import type { AdminLink } from '../lib/admin-links';
import type { PageModule } from '../lib/page-module';

/**
 * The site's one list of pages, for the browser, the server, the sitemap and the tests. `chunk`
 * names the webpack chunk holding the page, so the server can send its script with the HTML;
 * `render: 'browser'` pages (the admin area and the account pages) are never rendered on the
 * server nor indexed.
 */
export interface PageRoute {
  path: string;
  chunk: string;
  render: 'server' | 'browser';
  /**
   * The pages a parameterised path serves, where they are fixed by the code; a post's address
   * comes from the database, so the post route names none.
   */
  pages?: readonly string[];
  /** The admin navigation's label for this page; a page joins the navigation by declaring one. */
  adminNav?: string;
  /** Answers 404: the page says that nothing is here. */
  notFound?: boolean;
  /** False for a public page kept out of the sitemap (one marked noindex, like the search page). */
  sitemap?: boolean;
  /**
   * The query parameters the page reads, each with the form of its value the page shows (null:
   * as if absent). The server renders and caches a page by these alone, so `/blog?x=1` is
   * `/blog`; a page that reads a parameter not declared here would show it wrongly from the cache.
   */
  query?: PageQuery;
  load: () => Promise<PageModule>;
  Page: LazyExoticComponent<ComponentType>;
}

export type PageQuery = Readonly<Record<string, (value: string) => string | null>>;

type RouteOptions = Pick<PageRoute, 'pages' | 'adminNav' | 'notFound' | 'sitemap' | 'query'>;

/** `?page=`: the page number the list shows, the first as no parameter. */
const pageParam = (value: string) => {
  const page = requestedPage(value);
  return page > 1 ? String(page) : null;
};
const listQuery: PageQuery = { page: pageParam };

function page(path: string, chunk: string, render: PageRoute['render'], load: () => Promise<PageModule>, options: RouteOptions = {}): PageRoute {
  return { path, chunk, render, ...options, load, Page: lazy(load) };
}

export const routes: readonly PageRoute[] = [
  page('/', 'page-home', 'server', () => import(/* webpackChunkName: "page-home" */ '../features/marketing/home/HomePage')),
  page('/about', 'page-about', 'server', () => import(/* webpackChunkName: "page-about" */ '../features/marketing/about/AboutPage')),
  page('/services', 'page-services', 'server', () => import(/* webpackChunkName: "page-services" */ '../features/marketing/services/ServicesPage')),
  page('/services/:service', 'page-service', 'server', () => import(/* webpackChunkName: "page-service" */ '../features/marketing/services/ServicePage'), { pages: SERVICE_SLUGS.map((slug) => `/services/${slug}`) }),
  page('/portfolio', 'page-portfolio', 'server', () => import(/* webpackChunkName: "page-portfolio" */ '../features/marketing/portfolio/PortfolioPage')),
  page('/packages', 'page-packages', 'server', () => import(/* webpackChunkName: "page-packages" */ '../features/marketing/packages/PackagesPage')),
  page('/contact', 'page-contact', 'server', () => import(/* webpackChunkName: "page-contact" */ '../features/marketing/contact/ContactPage'), { query: { sent: (value) => (value === '1' ? value : null) } }),
  page('/privacy', 'page-privacy', 'server', () => import(/* webpackChunkName: "page-privacy" */ '../features/marketing/privacy/PrivacyPage')),
  page('/typography', 'page-typography', 'server', () => import(/* webpackChunkName: "page-typography" */ '../features/marketing/typography/TypographyPage')),
  page('/blog', 'page-blog', 'server', () => import(/* webpackChunkName: "page-blog" */ '../features/blog/BlogListPage'), { query: listQuery }),
  page('/blog/search', 'page-search', 'server', () => import(/* webpackChunkName: "page-search" */ '../features/blog/SearchPage'), { sitemap: false, query: { q: (value) => searchKey(value) || null, page: pageParam } }),
  page('/blog/tag/:slug', 'page-tag', 'server', () => import(/* webpackChunkName: "page-tag" */ '../features/blog/TagPage'), { query: listQuery }),
  page('/blog/:slug', 'page-post', 'server', () => import(/* webpackChunkName: "page-post" */ '../features/blog/BlogPostPage')),
  page('/admin/login', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/LoginPage')),
  page('/admin/login/code', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/security/LoginCodePage')),
  page('/register', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/RegisterPage')),
  page('/admin/register', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/RegisterPage')),
  page('/forgot-password', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/ForgotPasswordPage')),
  page('/reset-password/:token', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/ResetPasswordPage')),
  page('/admin/dashboard', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/DashboardPage'), { adminNav: 'Posts' }),
  page('/admin/new', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/CreatePostPage'), { adminNav: 'New post' }),
  page('/admin/inbox', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/inbox/InboxPage'), { adminNav: 'Inbox' }),
  page('/admin/insights', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/insights/InsightsPage'), { adminNav: 'Insights' }),
  page('/admin/security', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/security/SecurityPage'), { adminNav: 'Security' }),
  page('/admin/edit/:id', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/EditPostPage')),
  page('/admin/preview/:id', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/PreviewPage')),
  page('/admin/*', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/AdminNotFoundPage'), { notFound: true }),
  page('*', 'page-not-found', 'server', () => import(/* webpackChunkName: "page-not-found" */ '../features/not-found/NotFoundPage')),
];

/** The admin navigation's links, in the order of the route table. */
export const adminLinks: readonly AdminLink[] = routes.flatMap((route) => (route.adminNav ? [{ path: route.path, label: route.adminNav }] : []));

/** Paths that only send the visitor elsewhere. */
export const redirects: Readonly<Record<string, string>> = {
  '/login': '/admin/login',
};

/**
 * Every public page that exists without data, as the sitemap lists it: each server-rendered route
 * but the not-found page and those kept out of it, a parameterised one as the pages it names.
 */
export function publicPagePaths(): string[] {
  return routes
    .filter((route) => route.render === 'server' && route.path !== '*' && route.sitemap !== false)
    .flatMap((route) => (route.path.includes(':') ? (route.pages ?? []) : [route.path]));
}
