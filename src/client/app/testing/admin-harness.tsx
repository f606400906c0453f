import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { paths, routePatterns } from '../../../shared/paths';
import type { ThunkExtra } from '../../lib/api/base-api';
import { inProcessXhr } from '../../../../test/support/in-process-xhr';
import { renderWithApp } from '../../../../test/support/render-with-app';
import { createSessionStore, SessionProvider, SessionRedirects } from '../../features/session';
import AdminLayout from '../../features/admin-shell/admin-layout';
import AdminNotFoundPage from '../../features/admin-shell/admin-not-found-page';
import SecurityPage from '../../features/account-security/security-page';
import SiteEditorPage from '../../features/site-editor/site-editor-page';
import CaseStudiesPage from '../../features/case-studies-admin/case-studies-page';
import EditCaseStudyPage from '../../features/case-studies-admin/edit-case-study-page';
import NewCaseStudyPage from '../../features/case-studies-admin/new-case-study-page';
import SubscribersPage from '../../features/subscribers-admin/subscribers-page';
import BookingsPage from '../../features/bookings-admin/bookings-page';
import InboxPage from '../../features/inbox/inbox-page';
import InsightsPage from '../../features/insights-report/insights-page';
import DashboardPage from '../../features/posts-admin/dashboard/dashboard-page';
import CreatePostPage from '../../features/posts-admin/editor/create-post-page';
import EditPostPage from '../../features/posts-admin/editor/edit-post-page';
import PreviewPage from '../../features/posts-admin/preview/preview-page';
import RedirectsPage from '../../features/redirects-admin/redirects-page';
import ImportPage from '../../features/import-admin/import-page';
import BackupsPage from '../../features/backups-admin/backups-page';
import ForgotPasswordPage from '../../features/session/sign-in/forgot-password-page';
import LoginPage from '../../features/session/sign-in/login-page';
import RegisterPage from '../../features/session/sign-in/register-page';
import ResetPasswordPage from '../../features/session/sign-in/reset-password-page';
import { adminArea } from '../routes';
import SitePreviewPage from '../site-preview-page';

/** Where the app is, for tests to read the redirects. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/** The pages outside the session guard, at the paths the route table gives them. */
const signInPages: Array<[string, () => ReactElement]> = [
  [paths.adminLogin, () => <LoginPage />],
  [paths.register, () => <RegisterPage />],
  [paths.adminRegister, () => <RegisterPage />],
  [paths.forgotPassword, () => <ForgotPasswordPage />],
  [routePatterns.resetPassword, () => <ResetPasswordPage />],
];

/** The route table's pages behind the guard, loaded at once rather than lazily. */
const guardedPages: Record<string, () => ReactElement> = {
  [paths.adminDashboard]: () => <DashboardPage />,
  [paths.adminNew]: () => <CreatePostPage />,
  [paths.adminInbox]: () => <InboxPage />,
  [routePatterns.adminEdit]: () => <EditPostPage />,
  [routePatterns.adminPreview]: () => <PreviewPage />,
  [paths.adminInsights]: () => <InsightsPage />,
  [paths.adminSecurity]: () => <SecurityPage />,
  [paths.adminSite]: () => <SiteEditorPage />,
  [routePatterns.adminSitePreview]: () => <SitePreviewPage />,
  [paths.adminCaseStudies]: () => <CaseStudiesPage />,
  [paths.adminCaseStudyNew]: () => <NewCaseStudyPage />,
  [routePatterns.adminCaseStudyEdit]: () => <EditCaseStudyPage />,
  [paths.adminRedirects]: () => <RedirectsPage />,
  [paths.adminSubscribers]: () => <SubscribersPage />,
  [paths.adminImport]: () => <ImportPage />,
  [paths.adminBackups]: () => <BackupsPage />,
  [paths.adminBookings]: () => <BookingsPage />,
  [routePatterns.adminAny]: () => <AdminNotFoundPage />,
};

/**
 * The admin pages as the browser runs them: the real store, the real session machine started on
 * jsdom's local storage, its redirects carried out by the router, and the API reached through
 * `fetchFn` (the real server in-process, in these tests); uploads go the same way, through
 * `xhr` when a test holds them to watch their progress.
 */
export function renderAdmin(path: string, fetchFn: typeof fetch, xhr = inProcessXhr(fetchFn)) {
  const extra: ThunkExtra = { apiBaseUrl: 'http://in-process.invalid', fetchFn, createXhr: xhr.create };
  const errors: unknown[] = [];
  const { store, session } = createSessionStore(extra, { storage: () => window.localStorage, events: window, logError: (message) => errors.push(message) });
  const result = renderWithApp(
    <SessionProvider actor={session.actor}>
      <SessionRedirects>
        <Routes>
          {signInPages.map(([pattern, page]) => (
            <Route key={pattern} path={pattern} element={page()} />
          ))}
          {/* The admin area as the route table holds it: one layout route, its guard and navigation. */}
          <Route path={adminArea.path} element={<AdminLayout pages={adminArea.children} />}>
            {adminArea.children.map(({ path }) => (
              <Route key={path} path={path} element={guardedPages[path]!()} />
            ))}
          </Route>
          <Route path={routePatterns.anyOther} element={<p>Another page</p>} />
        </Routes>
      </SessionRedirects>
      <LocationProbe />
    </SessionProvider>,
    { path, store },
  );
  return { ...result, store, session, errors, location: () => screen.getByTestId('location').textContent };
}

/** A fetch that counts the calls it passes on. */
export function countingFetch(fetchFn: typeof fetch) {
  const calls: string[] = [];
  const counted: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return fetchFn(request);
  };
  return { fetch: counted, calls };
}

/** The network failing before any server answers. */
export const unreachable: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));

/** A proxy in front answering with an error page, no JSON message. */
export const gatewayError: typeof fetch = async () =>
  new Response('<html><body>Bad gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } });
