import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageModule } from './page-module';

/**
 * One route table for the browser and the server. `chunk` names the webpack chunk holding the
 * page, so the server can send its script with the HTML; `render: 'browser'` pages (the admin
 * area and the account pages) are never rendered on the server nor indexed.
 */
export interface PageRoute {
  path: string;
  chunk: string;
  render: 'server' | 'browser';
  load: () => Promise<PageModule>;
  Page: LazyExoticComponent<ComponentType>;
}

function page(path: string, chunk: string, render: PageRoute['render'], load: () => Promise<PageModule>): PageRoute {
  return { path, chunk, render, load, Page: lazy(load) };
}

export const routes: readonly PageRoute[] = [
  page('/', 'page-home', 'server', () => import(/* webpackChunkName: "page-home" */ '../features/marketing/home/HomePage')),
  page('/about', 'page-about', 'server', () => import(/* webpackChunkName: "page-about" */ '../features/marketing/about/AboutPage')),
  page('/services', 'page-services', 'server', () => import(/* webpackChunkName: "page-services" */ '../features/marketing/services/ServicesPage')),
  page('/services/:service', 'page-service', 'server', () => import(/* webpackChunkName: "page-service" */ '../features/marketing/services/ServicePage')),
  page('/portfolio', 'page-portfolio', 'server', () => import(/* webpackChunkName: "page-portfolio" */ '../features/marketing/portfolio/PortfolioPage')),
  page('/packages', 'page-packages', 'server', () => import(/* webpackChunkName: "page-packages" */ '../features/marketing/packages/PackagesPage')),
  page('/contact', 'page-contact', 'server', () => import(/* webpackChunkName: "page-contact" */ '../features/marketing/contact/ContactPage')),
  page('/privacy', 'page-privacy', 'server', () => import(/* webpackChunkName: "page-privacy" */ '../features/marketing/privacy/PrivacyPage')),
  page('/typography', 'page-typography', 'server', () => import(/* webpackChunkName: "page-typography" */ '../features/marketing/typography/TypographyPage')),
  page('/blog', 'page-blog', 'server', () => import(/* webpackChunkName: "page-blog" */ '../features/blog/BlogListPage')),
  page('/blog/:slug', 'page-post', 'server', () => import(/* webpackChunkName: "page-post" */ '../features/blog/BlogPostPage')),
  page('/admin/login', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/LoginPage')),
  page('/register', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/RegisterPage')),
  page('/admin/register', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/RegisterPage')),
  page('/forgot-password', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/ForgotPasswordPage')),
  page('/reset-password/:token', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/ResetPasswordPage')),
  page('/admin/dashboard', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/DashboardPage')),
  page('/admin/new', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/CreatePostPage')),
  page('/admin/edit/:id', 'admin', 'browser', () => import(/* webpackChunkName: "admin" */ '../features/admin/pages/EditPostPage')),
  page('*', 'page-not-found', 'server', () => import(/* webpackChunkName: "page-not-found" */ '../features/not-found/NotFoundPage')),
];

/** Paths that only send the visitor elsewhere. */
export const redirects: Readonly<Record<string, string>> = {
  '/login': '/admin/login',
};
