import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { paths, routePatterns } from '../../../../shared/paths';
import type { ThunkExtra } from '../../../lib/api/base-api';
import { inProcessXhr } from '../../../../../test/support/in-process-xhr';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import { createSessionStore, SessionProvider, SessionRedirects } from '../../session';
import InsightsPage from '../insights/insights-page';
import AdminNotFoundPage from '../pages/admin-not-found-page';
import CreatePostPage from '../pages/create-post-page';
import DashboardPage from '../pages/dashboard-page';
import EditPostPage from '../pages/edit-post-page';
import ForgotPasswordPage from '../pages/forgot-password-page';
import LoginPage from '../pages/login-page';
import PreviewPage from '../pages/preview-page';
import RegisterPage from '../pages/register-page';
import ResetPasswordPage from '../pages/reset-password-page';
import SecurityPage from '../security/security-page';

/** Where the app is, for tests to read the redirects. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}

/** The admin area's routes, at the paths the route table gives them. */
const pages: Array<[string, () => ReactElement]> = [
  [paths.adminLogin, () => <LoginPage />],
  [paths.register, () => <RegisterPage />],
  [paths.adminRegister, () => <RegisterPage />],
  [paths.forgotPassword, () => <ForgotPasswordPage />],
  [routePatterns.resetPassword, () => <ResetPasswordPage />],
  [paths.adminDashboard, () => <DashboardPage />],
  [paths.adminNew, () => <CreatePostPage />],
  [routePatterns.adminEdit, () => <EditPostPage />],
  [routePatterns.adminPreview, () => <PreviewPage />],
  [paths.adminInsights, () => <InsightsPage />],
  [paths.adminSecurity, () => <SecurityPage />],
  [routePatterns.adminAny, () => <AdminNotFoundPage />],
];

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
          {pages.map(([pattern, page]) => (
            <Route key={pattern} path={pattern} element={page()} />
          ))}
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
