import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { PageLoading } from './page-loading';
import { ScrollToTop } from './scroll-to-top';

/** The shared frame of every route: skip link, navbar, the page, footer. */
export function Layout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
