import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post, PostRevision } from '../../../../shared/api-types';
import { MAX_TITLE_LENGTH as MAX_TITLE } from '../../../../server/posts/post-form';
import { createPost, sendPostForm } from '../../../../../test/support/posts-api';
import { makeToken } from '../../session/testing/tokens';
import { draftKey } from '../drafts';
import { gatewayError, renderAdmin } from '../../../app/testing/admin-harness';
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
  // The post, the tags in use (the editor's suggestions), the newsletter panel's sends, and the refused write.
  expect(calls).toBe(4);
});

it('logs out and goes to the login page when the API rejects an unexpired token (retired by a reset)', async () => {
  const now = Math.floor(Date.now() / 1000);
  // Well formed and unexpired, but not signed by this server.
  window.localStorage.setItem('token', makeToken({ sub: 'x', email: OWNER_EMAIL, iat: now, exp: now + 3600, ver: 0 }));
  const { location, store } = renderAdmin(`/admin/edit/${post._id}`, api.fetch);
  await waitFor(() => expect(location()).toBe('/admin/login'));
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(store.getState().session?.status).toBe('loggedOut');
});

describe('publication', () => {
  const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const token = () => window.localStorage.getItem('token')!;
  const status = () => screen.getByText(/^Status:/);

  it('shows a published post as such, keeps its date on Update Post, and unpublishes it', async () => {
    const { location, unmount } = renderAdmin(`/admin/edit/${post._id}`, api.fetch);
    await screen.findByLabelText('Title');
    expect(status()).toHaveTextContent(/^Status: Published/);
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', `/admin/preview/${post._id}`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Body'), ' Edited.');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    // The dashboard it went to is not under test here: gone before its requests come back.
    unmount();
    expect(await stored(post._id)).toMatchObject({ status: 'published', publishedAt: post.publishedAt });

    const second = renderAdmin(`/admin/edit/${post._id}`, api.fetch);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(second.location()).toBe('/admin/dashboard'));
    second.unmount();
    expect(await stored(post._id)).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await api.app.inject({ method: 'GET', url: `/api/posts/${post.slug}` })).statusCode).toBe(404);
  });

  it('saves a draft as a draft, and publishes it with Update Post', async () => {
    const draft = await createPost(api.app, token(), { title: 'Draft to finish', body: 'Almost.', status: 'draft' });
    const { location, unmount } = renderAdmin(`/admin/edit/${draft._id}`, api.fetch);
    await screen.findByLabelText('Title');
    expect(status()).toHaveTextContent(/^Status: Draft$/);
    expect(screen.queryByRole('button', { name: 'Unpublish' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Body'), ' Nearly.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    unmount();
    expect(await stored(draft._id)).toMatchObject({ status: 'draft', content: 'Almost. Nearly.' });

    const second = renderAdmin(`/admin/edit/${draft._id}`, api.fetch);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(second.location()).toBe('/admin/dashboard'));
    second.unmount();
    expect(await stored(draft._id)).toMatchObject({ status: 'published' });
  });

  it('shows when a scheduled post goes out, moves it, and unpublishes it', async () => {
    const at = new Date(Date.now() + 5 * 24 * 3_600_000);
    at.setSeconds(0, 0);
    const scheduled = await createPost(api.app, token(), { title: 'Coming soon', body: 'Wait for it.', publishAt: at.toISOString() });
    const { location, unmount } = renderAdmin(`/admin/edit/${scheduled._id}`, api.fetch);
    await screen.findByLabelText('Title');
    expect(status()).toHaveTextContent(`Status: Scheduled for ${moment.format(at)}`);
    const field = screen.getByLabelText(`Publish at (${new Intl.DateTimeFormat().resolvedOptions().timeZone})`);
    // The field starts from the scheduled time, in the owner's zone.
    expect(new Date((field as HTMLInputElement).value).toISOString()).toBe(at.toISOString());
    const moved = new Date(at.getTime() + 24 * 3_600_000);
    fireEvent.change(field, { target: { value: localInput(moved) } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    unmount();
    expect(await stored(scheduled._id)).toMatchObject({ status: 'scheduled', publishedAt: moved.toISOString() });

    const second = renderAdmin(`/admin/edit/${scheduled._id}`, api.fetch);
    await screen.findByLabelText('Title');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(second.location()).toBe('/admin/dashboard'));
    second.unmount();
    expect(await stored(scheduled._id)).toMatchObject({ status: 'draft', publishedAt: null });
  });

  it('keeps a scheduled post scheduled when it is updated, and publishes it at once only when asked', async () => {
    const at = new Date(Date.now() + 3 * 24 * 3_600_000);
    const scheduled = await createPost(api.app, token(), { title: 'Monday launch', body: 'Soon.', publishAt: at.toISOString() });
    const user = userEvent.setup();
    const first = renderAdmin(`/admin/edit/${scheduled._id}`, api.fetch);
    await screen.findByLabelText('Title');
    await user.type(screen.getByLabelText('Body'), ' Typo fixed.');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(first.location()).toBe('/admin/dashboard'));
    first.unmount();
    expect(await stored(scheduled._id)).toMatchObject({ status: 'scheduled', publishedAt: scheduled.publishedAt, content: 'Soon. Typo fixed.' });

    const second = renderAdmin(`/admin/edit/${scheduled._id}`, api.fetch);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(second.location()).toBe('/admin/dashboard'));
    second.unmount();
    expect(await stored(scheduled._id)).toMatchObject({ status: 'published' });
  });
});

describe('history', () => {
  const token = () => window.localStorage.getItem('token')!;
  const update = async (title: string, body: string) => {
    const response = await sendPostForm(api.app, 'PUT', `/api/posts/${post._id}`, token(), { title, body });
    expect(response.statusCode).toBe(200);
  };
  const revisions = async () =>
    (await api.app.inject({ method: 'GET', url: `/api/posts/id/${post._id}/revisions`, headers: { authorization: `Bearer ${token()}` } })).json<PostRevision[]>();

  afterEach(() => jest.restoreAllMocks());

  it('asks for nothing until opened, then lists the versions newest first', async () => {
    await update('Second title', 'Its second text.');
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(new URL(new Request(input, init).url).pathname);
      return api.fetch(input, init);
    };
    renderAdmin(`/admin/edit/${post._id}`, counting);
    await screen.findByLabelText('Title');
    const toggle = screen.getByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls.filter((path) => path.endsWith('/revisions'))).toEqual([]);
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Earlier versions, newest first' });
    const [only] = await revisions();
    const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([`${moment.format(new Date(only!.savedAt))}A post to edit`]);
  });

  it('shows what changed word by word, and restores a version into the editor, discarding the draft there', async () => {
    await update('A post to edit', 'Its first paragraph, rewritten.\n\nIts second.');
    await update('A retitled post', 'Its first paragraph, rewritten.\n\nIts second, longer.');
    renderAdmin(`/admin/edit/${post._id}`, api.fetch);
    expect(await screen.findByLabelText('Title')).toHaveValue('A retitled post');
    const user = userEvent.setup();
    // Unsaved words in the editor, kept on this device as a draft.
    await user.type(screen.getByLabelText('Body'), ' Unsaved.');
    expect(window.localStorage.getItem(draftKey(post._id))).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'History' }));
    const versions = within(await screen.findByRole('list', { name: 'Earlier versions, newest first' })).getAllByRole('button');
    expect(versions).toHaveLength(2);
    // The oldest: the post as it was created.
    await user.click(versions[1]!);
    expect(versions[1]).toHaveAttribute('aria-pressed', 'true');
    const comparison = screen.getByRole('region', { name: /^Version saved/ });
    const removed = [...comparison.querySelectorAll('del')].map((element) => element.textContent);
    const added = [...comparison.querySelectorAll('ins')].map((element) => element.textContent);
    // From that version to the current text: the title lost words and gained one, the body gained two phrases.
    expect(removed).toEqual([' [removed:  to edit]']);
    expect(added).toEqual([' [added: retitled ]', ' [added: , rewritten]', ' [added: , longer]']);
    // What a screen reader reads of the body, the markers being visually hidden.
    expect(comparison.querySelectorAll('.diff')[1]).toHaveTextContent('Its first paragraph [added: , rewritten]. Its second [added: , longer].');
    expect(within(comparison).getAllByText('[added:')[0]).toHaveClass('visually-hidden');

    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(comparison).getByRole('button', { name: 'Restore this version' }));
    expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/unsaved changes in the editor will be discarded/));
    expect(screen.getByLabelText('Title')).toHaveValue('A retitled post');

    await user.click(within(comparison).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('A post to edit'));
    expect(screen.getByLabelText('Body')).toHaveValue('Its first paragraph.\n\nIts second.');
    expect(await screen.findByText(/was restored\. The editor shows it now\./)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Unsaved draft' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(draftKey(post._id))).toBeNull();
    expect(await stored(post._id)).toMatchObject({ title: 'A post to edit', content: 'Its first paragraph.\n\nIts second.', status: 'published' });
    // The restore replaced the latest version, which joins the history.
    await waitFor(async () => expect(within(screen.getByRole('list', { name: 'Earlier versions, newest first' })).getAllByRole('button')).toHaveLength(3));
    expect((await revisions()).map((revision) => revision.title)).toEqual(['A retitled post', 'A post to edit', 'A post to edit']);
  });
});

const pad = (value: number) => String(value).padStart(2, '0');
function localInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

describe('tags', () => {
  it('shows the post’s tags, and sends the list as it is left: one removed, one added, or none', async () => {
    const token = window.localStorage.getItem('token')!;
    const tagged = await createPost(api.app, token, { title: 'A tagged post', body: 'Words.', tags: 'React, SEO' });
    const { location } = renderAdmin(`/admin/edit/${tagged._id}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove tag SEO' }));
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'Hosting{Enter}');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    expect((await stored(tagged._id)).tags).toEqual(['React', 'Hosting']);
  });

  it('clears the tags when every one is removed', async () => {
    const token = window.localStorage.getItem('token')!;
    const tagged = await createPost(api.app, token, { title: 'Tags to clear', body: 'Words.', tags: 'React' });
    const { location } = renderAdmin(`/admin/edit/${tagged._id}`, api.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove tag React' }));
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    expect((await stored(tagged._id)).tags).toEqual([]);
  });
});
