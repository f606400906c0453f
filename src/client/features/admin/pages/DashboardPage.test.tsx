import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '../../../../shared/api-types';
import { createPost } from '../../../../../test/support/posts-api';
import { makeToken } from '../../session/testing/tokens';
import { countingFetch, gatewayError, renderAdmin } from '../testing/harness';
import { OWNER_EMAIL, storeOwnerToken, withRealApi } from '../../../../../test/support/real-api';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });
const created: Post[] = [];

beforeAll(async () => {
  const token = await storeOwnerToken(api);
  // Twelve posts: two pages of ten, newest first.
  for (let i = 1; i <= 12; i += 1) created.push(await createPost(api.app, token, { title: `Post number ${i}`, body: `Body of post ${i}.` }));
  window.localStorage.clear();
});

afterEach(() => jest.restoreAllMocks());

const postTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

it('greets the administrator and lists the posts a page at a time with their dates', async () => {
  await storeOwnerToken(api);
  const { location } = renderAdmin('/admin/dashboard', api.fetch);
  expect(screen.getByText(`Welcome, ${OWNER_EMAIL}`)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create Blog Post' })).toHaveAttribute('href', '/admin/new');
  expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  await waitFor(() => expect(postTitles()).toHaveLength(10));
  expect(postTitles()[0]).toBe('Post number 12');
  const first = screen.getAllByRole('listitem')[0]!;
  const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(created[11]!.createdAt));
  expect(within(first).getByText(/^Created:/)).toHaveTextContent(`Created: ${date}`);
  expect(within(first).getByRole('link', { name: 'Edit “Post number 12”' })).toHaveAttribute('href', `/admin/edit/${created[11]!._id}`);
  expect(within(first).getByRole('button', { name: 'Delete “Post number 12”' })).toBeEnabled();
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(postTitles()).toEqual(['Post number 2', 'Post number 1']));
  expect(location()).toBe('/admin/dashboard?page=2');
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(screen.getByRole('heading', { name: 'Posts' })).toHaveFocus();
});

it('shows the nearest page that exists for a page past the end', async () => {
  await storeOwnerToken(api);
  const { location } = renderAdmin('/admin/dashboard?page=9', api.fetch);
  await waitFor(() => expect(location()).toBe('/admin/dashboard?page=2'));
  await waitFor(() => expect(postTitles()).toEqual(['Post number 2', 'Post number 1']));
  expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
});

it('asks before deleting, and removes the post when the server did', async () => {
  await storeOwnerToken(api);
  const doomed = await createPost(api.app, window.localStorage.getItem('token')!, { title: 'To be deleted', body: 'Soon gone.' });
  renderAdmin('/admin/dashboard', api.fetch);
  await screen.findByRole('heading', { name: 'To be deleted' });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete “To be deleted”' }));
  expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this post?');
  expect(screen.getByRole('heading', { name: 'To be deleted' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Delete “To be deleted”' }));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'To be deleted' })).not.toBeInTheDocument());
  expect(screen.getByRole('heading', { name: 'Posts' })).toHaveFocus();
  expect((await api.app.inject({ method: 'GET', url: `/api/posts/${doomed.slug}` })).statusCode).toBe(404);
  await waitFor(() => expect(postTitles()).toHaveLength(10));
});

it("alerts 'An error occurred while deleting the post.' when the server refuses", async () => {
  const token = await storeOwnerToken(api);
  const doomed = await createPost(api.app, token, { title: 'Deleted elsewhere', body: 'Gone before the click.' });
  renderAdmin('/admin/dashboard', api.fetch);
  await screen.findByRole('heading', { name: 'Deleted elsewhere' });
  await api.app.inject({ method: 'DELETE', url: `/api/posts/${doomed._id}`, headers: { authorization: `Bearer ${token}` } });
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
  await userEvent.setup().click(screen.getByRole('button', { name: 'Delete “Deleted elsewhere”' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith('An error occurred while deleting the post.'));
});

it("says 'Failed to load posts.' when the list cannot be had or is malformed", async () => {
  await storeOwnerToken(api);
  const { unmount } = renderAdmin('/admin/dashboard', gatewayError);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load posts\.$/);
  unmount();
  const malformed: typeof fetch = async () => Response.json({ posts: [] });
  renderAdmin('/admin/dashboard', malformed);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load posts\.$/);
});

it('logs out: the token is removed and the login page shows', async () => {
  await storeOwnerToken(api);
  const { location, store } = renderAdmin('/admin/dashboard', api.fetch);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
  await waitFor(() => expect(location()).toBe('/admin/login'));
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(store.getState().session).toEqual({ status: 'loggedOut', token: null, user: null });
});

describe('the guard', () => {
  const cases: Array<[string, () => string | null]> = [
    ['no token', () => null],
    ['an expired token', () => makeToken({ sub: 'x', email: OWNER_EMAIL, iat: 1_600_000_000, exp: 1_600_003_600, ver: 0 })],
    ['an undecodable token', () => 'definitely.not.a-token'],
  ];
  it.each(cases)('sends a visitor with %s to the login page without asking for the posts', async (_label, token) => {
    const value = token();
    if (value) window.localStorage.setItem('token', value);
    const counted = countingFetch(api.fetch);
    const { location } = renderAdmin('/admin/dashboard', counted.fetch);
    await waitFor(() => expect(location()).toBe('/admin/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText(/Welcome/)).not.toBeInTheDocument();
    expect(counted.calls).toEqual([]);
  });
});
