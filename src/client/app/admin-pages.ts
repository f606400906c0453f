// The admin chunk's pages (the sign-in pages, the admin layout and every page behind it), each under
// the name the route table loads it by (routes.tsx).
export { default as AdminLayout } from '../features/admin-shell/admin-layout';
export { default as loginPage } from '../features/session/sign-in/login-page';
export { default as loginCodePage } from '../features/session/sign-in/login-code-page';
export { default as registerPage } from '../features/session/sign-in/register-page';
export { default as forgotPasswordPage } from '../features/session/sign-in/forgot-password-page';
export { default as resetPasswordPage } from '../features/session/sign-in/reset-password-page';
export { default as dashboardPage } from '../features/posts-admin/dashboard/dashboard-page';
export { default as createPostPage } from '../features/posts-admin/editor/create-post-page';
export { default as inboxPage } from '../features/inbox/inbox-page';
export { default as insightsPage } from '../features/insights-report/insights-page';
export { default as siteEditorPage } from '../features/site-editor/site-editor-page';
export { default as sitePreviewPage } from './site-preview-page';
export { default as caseStudiesPage } from '../features/case-studies-admin/case-studies-page';
export { default as newCaseStudyPage } from '../features/case-studies-admin/new-case-study-page';
export { default as editCaseStudyPage } from '../features/case-studies-admin/edit-case-study-page';
export { default as subscribersPage } from '../features/subscribers-admin/subscribers-page';
export { default as bookingsPage } from '../features/bookings-admin/bookings-page';
export { default as redirectsPage } from '../features/redirects-admin/redirects-page';
export { default as backupsPage } from '../features/backups-admin/backups-page';
export { default as importPage } from '../features/import-admin/import-page';
export { default as securityPage } from '../features/account-security/security-page';
export { default as editPostPage } from '../features/posts-admin/editor/edit-post-page';
export { default as previewPage } from '../features/posts-admin/preview/preview-page';
export { default as adminNotFoundPage } from '../features/admin-shell/admin-not-found-page';
