import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { PageBoundary } from './page-boundary';
import { PageLoading } from './page-loading';
import { ScrollToTop } from './scroll-to-top';

/** The shared frame of every route: skip link, navbar, the page, footer. */
export function Layout() {
  const { pathname, search } = useLocation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <PageBoundary href={`${pathname}${search}`}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageBoundary>
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
