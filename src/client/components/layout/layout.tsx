import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { PageBoundary } from './page-boundary';
import { PageLoading } from './page-loading';
import { ScrollToTop } from './scroll-to-top';

const SITE_PREVIEW = paths.adminSitePreview('');

/**
 * The shared frame of every route: skip link, navbar, the page, footer. The owner's preview of the
 * site's draft draws the frame itself, with the draft's words in it.
 */
export function Layout() {
  const { pathname, search } = useLocation();
  const page = (
    <PageBoundary href={`${pathname}${search}`}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageBoundary>
  );
  const framesItself = pathname === SITE_PREVIEW || pathname.startsWith(`${SITE_PREVIEW}/`);
  return framesItself ? page : <SiteFrame>{page}</SiteFrame>;
}

/** Skip link, navbar, the page as the main landmark, footer; a banner above the navbar if given. */
export function SiteFrame({ banner, children }: { banner?: ReactNode; children: ReactNode }) {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {banner}
      <Navbar />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
