import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths, routePatterns } from '../../shared/paths';
import { SERVICE_SLUGS } from '../../shared/service-slugs';
import { searchKey } from '../../shared/text/search-key';
import { requestedPage } from '../features/blog/page-numbers';
import type { AdminPageHandle } from '../features/admin-shell';
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
  /** What a page of the admin area tells the admin shell: its navigation label, if it has one. */
  handle?: AdminPageHandle;
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

type PageQuery = Readonly<Record<string, (value: string) => string | null>>;

export type RouteOptions = Pick<PageRoute, 'pages' | 'handle' | 'notFound' | 'sitemap' | 'query'>;

/** The parameter of a paged list's page (the blog, a tag, the search). */
export const LIST_PAGE_PARAM = 'page';

/** `?page=`: the page number the list shows, the first as no parameter. */
const pageParam = (value: string) => {
  const page = requestedPage(value);
  return page > 1 ? String(page) : null;
};
const listQuery: PageQuery = { [LIST_PAGE_PARAM]: pageParam };
/**
 * `/book?tz=`: a time zone the browser's time-zone database knows, spelled as it spells it
 * (`america/new_york` is `America/New_York`), else none: a few hundred addresses at most, not
 * one a made-up word. `?booked=1` and `?error=` with one of the page's problems likewise.
 */
const zoneParam = (value: string) => {
  if (!/^[\w/+-]{1,40}$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
};
const bookQuery: PageQuery = { booked: (value) => (value === '1' ? value : null), error: (value) => (/^(taken|slot|fields|limit)$/.test(value) ? value : null), tz: zoneParam };

/**
 * `/subscribe?state=`: one of the page's states (shared/newsletter.ts), else none. Written out
 * rather than imported: the route table is in every first load, and each byte there counts.
 */
const subscribeState = (value: string) => (/^(sent|confirmed|expired|invalid|refused|unsubscribed?)$/.test(value) ? value : null);

export function page(path: string, chunk: string, render: PageRoute['render'], load: () => Promise<PageModule>, options: RouteOptions = {}): PageRoute {
  return { path, chunk, render, ...options, load, Page: lazy(load) };
}

/** The visitors' pages. */
export const publicPages: readonly PageRoute[] = [
  page(paths.home, 'page-home', 'server', () => import(/* webpackChunkName: "page-home" */ '../features/marketing/home/home-page')),
  page(paths.about, 'page-about', 'server', () => import(/* webpackChunkName: "page-about" */ '../features/marketing/about/about-page')),
  page(paths.services, 'page-services', 'server', () => import(/* webpackChunkName: "page-services" */ '../features/marketing/services/services-page')),
  page(routePatterns.service, 'page-service', 'server', () => import(/* webpackChunkName: "page-service" */ '../features/marketing/services/service-page'), { pages: SERVICE_SLUGS.map(paths.service) }),
  page(paths.portfolio, 'page-portfolio', 'server', () => import(/* webpackChunkName: "page-portfolio" */ '../features/marketing/portfolio/portfolio-page')),
  page(routePatterns.caseStudy, 'page-case-study', 'server', () => import(/* webpackChunkName: "page-case-study" */ '../features/marketing/portfolio/case-study-page')),
  page(paths.packages, 'page-packages', 'server', () => import(/* webpackChunkName: "page-packages" */ '../features/marketing/packages/packages-page')),
  page(paths.contact, 'page-contact', 'server', () => import(/* webpackChunkName: "page-contact" */ '../features/marketing/contact/contact-page'), { query: { sent: (value) => (value === '1' ? value : null) } }),
  page(paths.book, 'page-book', 'server', () => import(/* webpackChunkName: "page-book" */ '../features/book/book-page'), {
    sitemap: false,
    query: bookQuery,
  }),
  page(routePatterns.bookManage, 'page-book', 'browser', () => import(/* webpackChunkName: "page-book" */ '../features/book/manage-page')),
  page(paths.subscribe, 'page-subscribe', 'server', () => import(/* webpackChunkName: "page-subscribe" */ '../features/newsletter-signup/subscribe-page'), { sitemap: false, query: { state: subscribeState } }),
  page(paths.privacy, 'page-privacy', 'server', () => import(/* webpackChunkName: "page-privacy" */ '../features/marketing/privacy/privacy-page')),
  page(paths.typography, 'page-typography', 'server', () => import(/* webpackChunkName: "page-typography" */ '../features/marketing/typography/typography-page')),
  page(paths.blog, 'page-blog', 'server', () => import(/* webpackChunkName: "page-blog" */ '../features/blog/blog-list-page'), { query: listQuery }),
  page(paths.blogSearch, 'page-search', 'server', () => import(/* webpackChunkName: "page-search" */ '../features/blog/search-page'), { sitemap: false, query: { q: (value) => searchKey(value) || null, [LIST_PAGE_PARAM]: pageParam } }),
  page(routePatterns.blogTag, 'page-tag', 'server', () => import(/* webpackChunkName: "page-tag" */ '../features/blog/tag-page'), { query: listQuery }),
  page(routePatterns.blogPost, 'page-post', 'server', () => import(/* webpackChunkName: "page-post" */ '../features/blog/blog-post-page')),
];

