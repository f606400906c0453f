import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from './testing/admin-harness';
import { storeOwnerToken, withRealApi } from '../../../test/support/real-api';
import { adminLinksOf } from '../features/admin-shell';
import { adminArea, routes } from './routes';

const api = withRealApi({ withOwner: true });

const adminLinks = adminLinksOf(adminArea.children);
const adminNav = () => screen.getByRole('navigation', { name: 'Admin' });

describe('the admin navigation', () => {
  it('takes its links from the route table, in its order', () => {
    const declared = routes.filter((route) => route.handle?.navLabel).map((route) => ({ path: route.path, label: route.handle?.navLabel }));
    expect(adminLinks).toEqual(declared);
    expect(adminLinks.map((link) => link.label)).toEqual(['Posts', 'New post', 'Inbox', 'Bookings', 'Subscribers', 'Insights', 'Site', 'Case studies', 'Redirects', 'Import', 'Backups', 'Security']);
  });

  it.each([
    ['/admin/dashboard', 'Posts'],
    ['/admin/new', 'New post'],
    ['/admin/security', 'Security'],
    ['/admin/subscribers', 'Subscribers'],
  ])('on %s marks %s as the current page and shows who is signed in', async (path, current) => {
    await storeOwnerToken(api);
    renderAdmin(path, api.fetch);
    const nav = adminNav();
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(adminLinks.map((link) => [link.label, link.path]));
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent(current);
    expect(within(nav).getAllByRole('link', { current: false })).toHaveLength(adminLinks.length - 1);
    expect(nav).toHaveTextContent('owner@example.com');
  });

  it('moves between pages and signs out through the session machine', async () => {
    await storeOwnerToken(api);
    const { location } = renderAdmin('/admin/dashboard', api.fetch);
    const user = userEvent.setup();
    await user.click(within(adminNav()).getByRole('link', { name: 'New post' }));
    await waitFor(() => expect(location()).toBe('/admin/new'));
    await user.click(within(adminNav()).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(location()).toBe('/admin/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
  });

  it('stays on an unknown admin page, which says so', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/no-such-page', api.fetch);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(within(adminNav()).getByRole('link', { name: 'Posts' })).toBeInTheDocument();
  });

  it('is not on the preview, which shows the post as visitors will see it', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/preview/00000000-0000-0000-0000-000000000000', api.fetch);
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull());
  });
});
