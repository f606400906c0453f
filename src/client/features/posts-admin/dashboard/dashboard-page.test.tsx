import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '../../../../shared/api-types';
import { createPost } from '../../../../../test/support/posts-api';
import { makeToken } from '../../session/testing/tokens';
import { countingFetch, gatewayError, renderAdmin } from '../../../app/testing/admin-harness';
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

/** The dashboard's own Log Out, beside its greeting (the admin navigation has one too). */
const dashboardLogOut = () => screen.getAllByRole('button', { name: 'Log Out' }).find((button) => !button.closest('nav'))!;

const postTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

it('greets the administrator and lists the posts a page at a time with their dates', async () => {
  await storeOwnerToken(api);
  const { location } = renderAdmin('/admin/dashboard', api.fetch);
  expect(screen.getByText(`Welcome, ${OWNER_EMAIL}`)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create Blog Post' })).toHaveAttribute('href', '/admin/new');
  expect(dashboardLogOut()).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  await waitFor(() => expect(postTitles()).toHaveLength(10));
  expect(postTitles()[0]).toBe('Post number 12');
  const first = within(screen.getByRole('region', { name: 'Posts' })).getAllByRole('listitem')[0]!;
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

it('pages with the blog’s pager, kept in the store under its own key', async () => {
  await storeOwnerToken(api);
  const { store } = renderAdmin('/admin/dashboard', api.fetch);
  const pager = await screen.findByRole('navigation', { name: 'Posts pages' });
  expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument();
  await waitFor(() => expect(store.getState().pagers).toEqual({ dashboard: { requested: 1, page: 1, pageCount: 2 } }));
  await userEvent.setup().click(within(pager).getByRole('button', { name: 'Next' }));
  await screen.findByText('Page 2 of 2');
  expect(store.getState().pagers).toEqual({ dashboard: { requested: 2, page: 2, pageCount: 2 } });
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
  await userEvent.setup().click(dashboardLogOut());
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

describe('statuses', () => {
  const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  const later = new Date(Date.now() + 3 * 24 * 3_600_000);
  let draft: Post;
  let scheduled: Post;

  beforeAll(async () => {
    const token = await storeOwnerToken(api);
    draft = await createPost(api.app, token, { title: 'A quiet draft', body: 'Not yet.', status: 'draft' });
    scheduled = await createPost(api.app, token, { title: 'A post for later', body: 'Soon.', publishAt: later.toISOString() });
    window.localStorage.clear();
  });

  afterAll(async () => {
    const token = await storeOwnerToken(api);
    for (const post of [draft, scheduled]) await api.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: { authorization: `Bearer ${token}` } });
  });

  const item = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
  const filter = () => screen.getByRole('navigation', { name: 'Filter posts by status' });

  it('shows every post with its status and the date that matters, drafts and scheduled ones included', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/dashboard', api.fetch);
    await waitFor(() => expect(postTitles().slice(0, 3)).toEqual(['A post for later', 'A quiet draft', 'Post number 12']));
    expect(within(item('A post for later')).getByText(/^Scheduled for/)).toHaveTextContent(`Scheduled for ${moment.format(later)}`);
    expect(within(item('A quiet draft')).getByText('Draft')).toBeInTheDocument();
    const published = item('Post number 12');
    expect(within(published).getByText('Published')).toBeInTheDocument();
    expect(within(published).getByText('Published').closest('p')).toHaveTextContent(`Published ${day.format(new Date(created[11]!.publishedAt!))}`);
    // 'Created:' keeps its place under every title.
    expect(within(item('A quiet draft')).getByText(/^Created:/)).toHaveTextContent(`Created: ${day.format(new Date(draft.createdAt))}`);
    expect(within(item('A quiet draft')).getByRole('link', { name: 'Preview “A quiet draft”' })).toHaveAttribute('href', `/admin/preview/${draft._id}`);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('counts each status and narrows the list to one, keeping the filter in the address', async () => {
    await storeOwnerToken(api);
    const { location } = renderAdmin('/admin/dashboard', api.fetch);
    await waitFor(() => expect(within(filter()).getByRole('link', { name: 'Drafts (1)' })).toBeInTheDocument());
    expect(within(filter()).getAllByRole('link').map((link) => link.textContent)).toEqual(['All (14)', 'Drafts (1)', 'Scheduled (1)', 'Published (12)']);
    expect(within(filter()).getByRole('link', { name: 'All (14)' })).toHaveAttribute('aria-current', 'page');

    const user = userEvent.setup();
    await user.click(within(filter()).getByRole('link', { name: 'Drafts (1)' }));
    expect(location()).toBe('/admin/dashboard?status=draft');
    await waitFor(() => expect(postTitles()).toEqual(['A quiet draft']));
    expect(within(filter()).getByRole('link', { name: 'Drafts (1)' })).toHaveAttribute('aria-current', 'page');
    expect(within(filter()).getByRole('link', { name: 'All (14)' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('navigation', { name: 'Posts pages' })).not.toBeInTheDocument();

    await user.click(within(filter()).getByRole('link', { name: 'Published (12)' }));
    await waitFor(() => expect(postTitles()).toHaveLength(10));
    expect(postTitles()[0]).toBe('Post number 12');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(location()).toBe('/admin/dashboard?status=published&page=2');
    await waitFor(() => expect(postTitles()).toEqual(['Post number 2', 'Post number 1']));

    // Another filter starts from its first page.
    await user.click(within(filter()).getByRole('link', { name: 'Scheduled (1)' }));
    expect(location()).toBe('/admin/dashboard?status=scheduled');
    await waitFor(() => expect(postTitles()).toEqual(['A post for later']));
  });

  it('opens on the filter and page the address names', async () => {
    await storeOwnerToken(api);
    const { location } = renderAdmin('/admin/dashboard?status=published&page=2', api.fetch);
    await waitFor(() => expect(postTitles()).toEqual(['Post number 2', 'Post number 1']));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(location()).toBe('/admin/dashboard?status=published&page=2');
    expect(within(filter()).getByRole('link', { name: /^Published/ })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when a filter has no posts', async () => {
    const token = await storeOwnerToken(api);
    await api.app.inject({ method: 'DELETE', url: `/api/posts/${scheduled._id}`, headers: { authorization: `Bearer ${token}` } });
    renderAdmin('/admin/dashboard?status=scheduled', api.fetch);
    expect(await screen.findByText('No scheduled posts.')).toBeInTheDocument();
    expect(within(filter()).getByRole('link', { name: 'Scheduled (0)' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a draft published from the editor as published, its counts moved', async () => {
    await storeOwnerToken(api);
    const { location } = renderAdmin('/admin/dashboard?status=draft', api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Edit “A quiet draft”' }));
    await user.click(await screen.findByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    await waitFor(() => expect(within(item('A quiet draft')).getByText('Published')).toBeInTheDocument());
    await waitFor(() => expect(within(filter()).getByRole('link', { name: 'Drafts (0)' })).toBeInTheDocument());
  });
});

describe('search', () => {
  it('finds posts by a word of their text, keeps the query in the address, and says when nothing matches', async () => {
    await storeOwnerToken(api);
    const draft = await createPost(api.app, await storeOwnerToken(api), { title: 'Half written', body: 'About sourdough pricing.', status: 'draft' });
    const { location } = renderAdmin('/admin/dashboard', api.fetch);
    await waitFor(() => expect(postTitles()).toHaveLength(10));
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'sourdough');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(postTitles()).toEqual([draft.title]));
    expect(location()).toBe('/admin/dashboard?q=sourdough');

    await user.clear(screen.getByRole('searchbox', { name: 'Search posts' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'croissant');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No posts match "croissant".')).toBeInTheDocument();
    expect(location()).toBe('/admin/dashboard?q=croissant');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(postTitles()).toHaveLength(10));
    expect(location()).toBe('/admin/dashboard');
    await api.app.inject({ method: 'DELETE', url: `/api/posts/${draft._id}`, headers: { authorization: `Bearer ${window.localStorage.getItem('token')}` } });
  });

  it('reads the query from the address', async () => {
    await storeOwnerToken(api);
    renderAdmin('/admin/dashboard?q=number%2012', api.fetch);
    await waitFor(() => expect(postTitles()).toEqual(['Post number 12']));
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('number 12');
  });

  it('says what the server refuses', async () => {
    await storeOwnerToken(api);
    renderAdmin(`/admin/dashboard?q=${'a'.repeat(201)}`, api.fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent(/200 characters/);
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toBeEnabled();
    expect(screen.getByRole('link', { name: /^All/ })).toBeInTheDocument();
  });
});
