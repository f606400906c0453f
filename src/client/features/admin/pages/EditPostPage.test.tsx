import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '../../../../shared/api-types';
import { MAX_TITLE_LENGTH as MAX_TITLE } from '../../../../server/posts/post-form';
import { createPost } from '../../../../../test/support/posts-api';
import { makeToken } from '../../session/testing/tokens';
import { draftKey } from '../drafts';
import { gatewayError, renderAdmin } from '../testing/harness';
import { pngFile } from '../testing/images';
import { OWNER_EMAIL, storeOwnerToken, withRealApi } from '../../../../../test/support/real-api';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });
let post: Post;

beforeEach(async () => {
  const token = await storeOwnerToken(api);
  const file = await pngFile('cover.png');
  post = await createPost(api.app, token, {
    title: 'A post to edit',
    body: 'Its first paragraph.\n\nIts second.',
    image: { data: new Uint8Array(await file.arrayBuffer()), filename: 'cover.png', type: 'image/png' },
  });
});

async function stored(id: string): Promise<Post> {
  return (await api.app.inject({ method: 'GET', url: `/api/posts/id/${id}`, headers: { authorization: `Bearer ${window.localStorage.getItem('token')}` } })).json<Post>();
}

it('loads the post, shows its image, and updates it with a new one', async () => {
  const { location } = renderAdmin(`/admin/edit/${post._id}`, api.fetch);
  expect(await screen.findByLabelText('Title')).toHaveValue('A post to edit');
  expect(screen.getByLabelText('Body')).toHaveValue('Its first paragraph.\n\nIts second.');
  expect(screen.getByLabelText('Body')).toHaveAttribute('rows', '10');
  expect(screen.getByRole('img', { name: 'Current image of the post' })).toHaveAttribute('src', post.imageUrl);
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Title'));
  await user.type(screen.getByLabelText('Title'), 'An edited post');
  await user.type(screen.getByLabelText('Body'), '{Enter}A third line');
  await user.upload(screen.getByLabelText('New image (optional)'), await pngFile('new.png', 80, 40));
  expect(await screen.findByRole('img', { name: 'Preview of the chosen image' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Update Post' }));
  await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  expect(await screen.findByRole('heading', { name: 'An edited post' })).toBeInTheDocument();

  const after = await stored(post._id);
  expect(after.title).toBe('An edited post');
  expect(after.content).toBe('Its first paragraph.\n\nIts second.\n\nA third line');
  expect(after.imageUrl).not.toBe(post.imageUrl);
  expect(after.slug).toBe(post.slug);
  expect(window.localStorage.getItem(draftKey(post._id))).toBeNull();
});

it('shows nothing while the post loads', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const slow: typeof fetch = async (input, init) => {
    await held;
    return api.fetch(input, init);
  };
  renderAdmin(`/admin/edit/${post._id}`, slow);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByText(/Loading/)).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  release();
  expect(await screen.findByLabelText('Title')).toHaveValue('A post to edit');
});

it("says 'Failed to load post.' for a post that does not exist", async () => {
  renderAdmin('/admin/edit/no-such-post', api.fetch);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load post\.$/);
  expect(screen.queryByRole('button', { name: 'Update Post' })).not.toBeInTheDocument();
});

it('falls back from content to body when the server sends body', async () => {
  const olderServer: typeof fetch = async (input, init) => {
    const response = await api.fetch(input, init);
    if (!new URL(new Request(input).url).pathname.startsWith('/api/posts/id/')) return response;
    const { content, ...rest } = (await response.json()) as Post;
    return Response.json({ ...rest, body: content });
  };
  renderAdmin(`/admin/edit/${post._id}`, olderServer);
  expect(await screen.findByLabelText('Body')).toHaveValue('Its first paragraph.\n\nIts second.');
});

it("shows the server's message when it refuses the update, or 'Failed to update post' without one", async () => {
  const { unmount } = renderAdmin(`/admin/edit/${post._id}`, api.fetch);
  const user = userEvent.setup();
  await user.clear(await screen.findByLabelText('Title'));
  await user.type(screen.getByLabelText('Title'), 'x'.repeat(MAX_TITLE + 1));
  await user.click(screen.getByRole('button', { name: 'Update Post' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Title must be at most 200 characters\.$/);
  unmount();

  let calls = 0;
  const failingWrites: typeof fetch = async (input, init) => {
    calls += 1;
    return new Request(input, init).method === 'PUT' ? gatewayError(input, init) : api.fetch(input, init);
  };
  renderAdmin(`/admin/edit/${post._id}`, failingWrites);
  await user.type(await screen.findByLabelText('Body'), ' More.');
  await user.click(screen.getByRole('button', { name: 'Update Post' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to update post$/);
  expect(calls).toBe(2);
});

it('logs out and goes to the login page when the API rejects an unexpired token (retired by a reset)', async () => {
  const now = Math.floor(Date.now() / 1000);
  // Well formed and unexpired, but not signed by this server.
  window.localStorage.setItem('token', makeToken({ sub: 'x', email: OWNER_EMAIL, iat: now, exp: now + 3600, ver: 0 }));
  const { location, store } = renderAdmin(`/admin/edit/${post._id}`, api.fetch);
  await waitFor(() => expect(location()).toBe('/admin/login'));
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(store.getState().session.status).toBe('loggedOut');
});
