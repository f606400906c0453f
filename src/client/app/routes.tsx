import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths, routePatterns } from '../../shared/paths';
import type { AdminPage } from '../features/admin-shell';
import { page, publicPages, type PageRoute, type RouteOptions } from './public-routes';

type AdminPages = typeof import('./admin-pages');

/**
 * A page of the admin chunk, by the name admin-pages.ts exports it under: one import() for them
 * all keeps each admin page to a few bytes of the table every visitor's first load carries.
 */
function adminPage(path: string, name: Exclude<keyof AdminPages, 'AdminLayout'>, options?: RouteOptions): PageRoute {
  return page(path, 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ './admin-pages').then((pages) => ({ default: pages[name] })), options);
}

/** The sign-in and account pages: in the admin chunk, outside the session guard. */
const signInPages: readonly PageRoute[] = [
  adminPage(paths.adminLogin, 'loginPage'),
  adminPage(paths.adminLoginCode, 'loginCodePage'),
  adminPage(paths.register, 'registerPage'),
  adminPage(paths.adminRegister, 'registerPage'),
  adminPage(paths.forgotPassword, 'forgotPasswordPage'),
  adminPage(routePatterns.resetPassword, 'resetPasswordPage'),
];

/** A route that frames the pages below it: rendered around each of them, through its outlet. */
export interface LayoutRoute {
  path: string;
  chunk: string;
  Layout: LazyExoticComponent<ComponentType<{ pages: readonly AdminPage[] }>>;
  children: readonly PageRoute[];
}

/**
 * The admin area: one layout route holding the session guard, the admin navigation (the labels its
 * pages declare in `handle`) and the page frame, around every page behind the guard.
 */
export const adminArea: LayoutRoute = {
  path: paths.admin,
  chunk: 'admin',
  Layout: lazy(() => import(/* webpackChunkName: "admin" */ './admin-pages').then((pages) => ({ default: pages.AdminLayout }))),
  children: [
    adminPage(paths.adminDashboard, 'dashboardPage', { handle: { navLabel: 'Posts' } }),
    adminPage(paths.adminNew, 'createPostPage', { handle: { navLabel: 'New post' } }),
    adminPage(paths.adminInbox, 'inboxPage', { handle: { navLabel: 'Inbox' } }),
    adminPage(paths.adminBookings, 'bookingsPage', { handle: { navLabel: 'Bookings' } }),
    adminPage(paths.adminSubscribers, 'subscribersPage', { handle: { navLabel: 'Subscribers' } }),
    adminPage(paths.adminInsights, 'insightsPage', { handle: { navLabel: 'Insights' } }),
    adminPage(paths.adminSite, 'siteEditorPage', { handle: { navLabel: 'Site' } }),
    adminPage(routePatterns.adminSitePreview, 'sitePreviewPage', { handle: { withoutNav: true } }),
    adminPage(paths.adminCaseStudies, 'caseStudiesPage', { handle: { navLabel: 'Case studies' } }),
    adminPage(paths.adminCaseStudyNew, 'newCaseStudyPage'),
    adminPage(routePatterns.adminCaseStudyEdit, 'editCaseStudyPage'),
    adminPage(paths.adminRedirects, 'redirectsPage', { handle: { navLabel: 'Redirects' } }),
    adminPage(paths.adminImport, 'importPage', { handle: { navLabel: 'Import' } }),
    adminPage(paths.adminBackups, 'backupsPage', { handle: { navLabel: 'Backups' } }),
    adminPage(paths.adminSecurity, 'securityPage', { handle: { navLabel: 'Security' } }),
    adminPage(routePatterns.adminEdit, 'editPostPage'),
    adminPage(routePatterns.adminPreview, 'previewPage', { handle: { withoutNav: true } }),
    adminPage(routePatterns.adminAny, 'adminNotFoundPage', { notFound: true }),
  ],
};

/** Every page, in the order react-router ranks ties in: the admin area's pages as its layout holds them. */
export const routes: readonly PageRoute[] = [
  ...publicPages,
  ...signInPages,
  ...adminArea.children,
  page(routePatterns.anyOther, 'page-not-found', 'server', () => import(/* webpackChunkName: "page-not-found" */ '../features/not-found/not-found-page')),
];


/** Paths that only send the visitor elsewhere. */
export const redirects: Readonly<Record<string, string>> = {
  [paths.login]: paths.adminLogin,
};

/**
 * Every public page that exists without data, as the sitemap lists it: each server-rendered route
 * but the not-found page and those kept out of it, a parameterised one as the pages it names.
 */
export function publicPagePaths(): string[] {
  return routes
    .filter((route) => route.render === 'server' && route.path !== routePatterns.anyOther && route.sitemap !== false)
    .flatMap((route) => (route.path.includes(':') ? (route.pages ?? []) : [route.path]));
}
