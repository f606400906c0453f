/**
 * Every address of the site, public and admin, in one place: the route table declares its pages
 * with these, and every link, redirect, feed, sitemap and mail builds its addresses from them, so
 * that a page cannot move in one place and stay behind in another. A parameterised page has a
 * builder here (each segment encoded, so a slug or id with a `/` or `?` stays one segment) and
 * its route pattern in `routePatterns`, under the same name.
 */

import type { ServiceSlug } from './service-slugs';

const segment = encodeURIComponent;

/** `?page=N` for a list's page, nothing for the first, so that a list has one address for it. */
function pageQuery(page: number): string {
  return page > 1 ? `?page=${page}` : '';
}

const blogTag = (slug: string) => `/blog/tag/${segment(slug)}`;

export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  service: (slug: ServiceSlug) => `/services/${slug}`,
  portfolio: '/portfolio',
  caseStudy: (slug: string) => `/portfolio/${segment(slug)}`,
  packages: '/packages',
  contact: '/contact',
  /** The contact page saying that a message sent without JavaScript was kept. */
  contactSent: '/contact?sent=1',
  privacy: '/privacy',
  book: '/book',
  /** Where a visitor cancels or moves a booking: the link in its mails. */
  bookManage: (token: string) => `/book/manage/${segment(token)}`,
  /** Where the subscribe form, a confirmation link and an unsubscribe address land. */
  subscribe: '/subscribe',
  typography: '/typography',

  blog: '/blog',
  /** The blog list at page `page` (1: the bare address). */
  blogPage: (page: number) => `/blog${pageQuery(page)}`,
  blogSearch: '/blog/search',
  /** The search page for a query: the bare page for a blank one. */
  blogSearchFor: (query: string) => {
    const q = query.trim();
    return q ? `/blog/search?${new URLSearchParams({ q }).toString()}` : '/blog/search';
  },
  blogTag,
  /** A tag's page at page `page` (1: the bare address). */
  blogTagPage: (slug: string, page: number) => `${blogTag(slug)}${pageQuery(page)}`,
  blogTagFeed: (slug: string) => `${blogTag(slug)}/rss.xml`,
  blogPost: (slug: string) => `/blog/${segment(slug)}`,
  blogFeed: '/rss.xml',

  /** The old sign-in address, kept as a redirect to `adminLogin`. */
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/reset-password/${segment(token)}`,

  /** Everything under it is the administrator's area. */
  admin: '/admin',
  adminLogin: '/admin/login',
  /** Where the second step of a sign-in asks for its code. */
  adminLoginCode: '/admin/login/code',
  adminRegister: '/admin/register',
  adminDashboard: '/admin/dashboard',
  adminNew: '/admin/new',
  adminInbox: '/admin/inbox',
  adminInsights: '/admin/insights',
  adminSecurity: '/admin/security',
  adminBookings: '/admin/bookings',
  adminSubscribers: '/admin/subscribers',
  adminRedirects: '/admin/redirects',
  adminBackups: '/admin/backups',
  adminImport: '/admin/import',
  adminSite: '/admin/site',
  /** A public page drawn with the site's unpublished draft. */
  adminSitePreview: (path: string) => `/admin/site/preview${path}`,
  adminEdit: (id: string) => `/admin/edit/${segment(id)}`,
  adminPreview: (id: string) => `/admin/preview/${segment(id)}`,
  adminCaseStudies: '/admin/case-studies',
  adminCaseStudyNew: '/admin/case-studies/new',
  adminCaseStudyEdit: (id: string) => `/admin/case-studies/edit/${segment(id)}`,
} as const;

/** The route table's patterns for the parameterised pages, each named as its builder in `paths`. */
export const routePatterns = {
  service: '/services/:service',
  blogTag: '/blog/tag/:slug',
  blogPost: '/blog/:slug',
  caseStudy: '/portfolio/:slug',
  resetPassword: '/reset-password/:token',
  bookManage: '/book/manage/:token',
  adminEdit: '/admin/edit/:id',
  adminPreview: '/admin/preview/:id',
  adminSitePreview: '/admin/site/preview/*',
  adminCaseStudyEdit: '/admin/case-studies/edit/:id',
  /** Any other address of the admin area. */
  adminAny: '/admin/*',
  /** Any address no other route takes. */
  anyOther: '*',
} as const;
