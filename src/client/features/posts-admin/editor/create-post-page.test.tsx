import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '../../../../shared/api-types';
import { INJECT_BASE_URL } from '../../../../server/render/inject-fetch';
import { UNSUPPORTED_IMAGE_MESSAGE } from '../../../../server/storage/process-image';
import { SCHEDULE_MISSING, SCHEDULE_PAST } from './post-editor';
import { draftKey } from '../drafts';
import { LEAVE_WARNING } from './use-unsaved-changes-warning';
import { gatewayError, renderAdmin } from '../../../app/testing/admin-harness';
import { pngFile } from '../testing/images';
import { storeOwnerToken, withRealApi } from '../../../../../test/support/real-api';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

afterEach(() => jest.restoreAllMocks());

async function listPosts(): Promise<Post[]> {
  return (await api.app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>();
}

it('has a title, a ten-row body with its hint, an image input for the five types, and noindex', async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/new', api.fetch);
  expect(screen.getByLabelText('Title')).toBeRequired();
  const body = screen.getByLabelText('Body');
  expect(body.tagName).toBe('TEXTAREA');
  expect(body).toHaveAttribute('rows', '10');
  expect(body).toBeRequired();
  expect(body).toHaveAccessibleDescription('Use a blank line between paragraphs for proper spacing.');
  expect(screen.getByLabelText('Image (optional)')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif');
  expect(screen.getByRole('button', { name: 'Publish Post' })).toBeEnabled();
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

it('publishes with the image, line breaks converted, and goes to the dashboard', async () => {
  await storeOwnerToken(api);
  const { location } = renderAdmin('/admin/new', api.fetch);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Title'), 'Hello from the editor');
  await user.type(screen.getByLabelText('Body'), 'First line{Enter}second line{Enter}{Enter}| a | b |{Enter}| - | - |{Enter}| 1 | 2 |');
  await user.upload(screen.getByLabelText('Image (optional)'), await pngFile());
  expect(await screen.findByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
  // The live preview renders the body as the post page will.
  expect(await screen.findByRole('table')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Publish Post' }));
  await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  const post = (await listPosts()).find((candidate) => candidate.title === 'Hello from the editor')!;
  expect(post.content).toBe('First line\n\nsecond line\n\n| a | b |\n| - | - |\n| 1 | 2 |');
  expect(post.imageUrl).toMatch(/\.webp$/);
  expect(window.localStorage.getItem(draftKey(null))).toBeNull();
});

it("shows the server's message when it refuses the image", async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/new', api.fetch);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Title'), 'Not an image');
  await user.type(screen.getByLabelText('Body'), 'Body.');
  // A text file that claims to be a PNG: the server judges by content.
  await user.upload(screen.getByLabelText('Image (optional)'), new File(['plain text'], 'fake.png', { type: 'image/png' }));
  await user.click(screen.getByRole('button', { name: 'Publish Post' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(UNSUPPORTED_IMAGE_MESSAGE);
  expect(screen.getByRole('button', { name: 'Publish Post' })).toBeEnabled();
});

it("says 'Failed to create post' when the server gives no message", async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/new', gatewayError);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Title'), 'Title');
  await user.type(screen.getByLabelText('Body'), 'Body.');
  await user.click(screen.getByRole('button', { name: 'Publish Post' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to create post$/);
});

it('refuses a file that is not one of the five image types before sending anything', async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/new', api.fetch);
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText('Image (optional)'), new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Choose a JPEG, PNG, WebP, GIF or AVIF image.');
  expect(screen.queryByRole('img', { name: 'Preview of the chosen image' })).not.toBeInTheDocument();
});

it('keeps the draft while typing, offers it again after the page was left, and disables the button while sending', async () => {
  await storeOwnerToken(api);
  const first = renderAdmin('/admin/new', api.fetch);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Title'), 'Half-written');
  await user.type(screen.getByLabelText('Body'), 'The session ended mid-sen');
  expect(JSON.parse(window.localStorage.getItem(draftKey(null))!)).toMatchObject({ title: 'Half-written', body: 'The session ended mid-sen' });
  first.unmount();

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const slow: typeof fetch = async (input, init) => {
    await held;
    return api.fetch(input, init);
  };
  const { location } = renderAdmin('/admin/new', slow);
  expect(screen.getByLabelText('Title')).toHaveValue('');
  expect(screen.getByRole('region', { name: 'Unsaved draft' })).toHaveTextContent(/There is an unsaved draft of this post/);
  await user.click(screen.getByRole('button', { name: 'Restore draft' }));
  expect(screen.getByLabelText('Title')).toHaveValue('Half-written');
  expect(screen.getByLabelText('Body')).toHaveValue('The session ended mid-sen');
  await user.type(screen.getByLabelText('Body'), 'tence.');
  await user.click(screen.getByRole('button', { name: 'Publish Post' }));
  expect(screen.getByRole('button', { name: 'Publish Post' })).toBeDisabled();
  release();
  await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  expect(window.localStorage.getItem(draftKey(null))).toBeNull();
  expect((await listPosts()).some((post) => post.content === 'The session ended mid-sentence.')).toBe(true);
});

it('discarding the offered draft removes it', async () => {
  await storeOwnerToken(api);
  window.localStorage.setItem(draftKey(null), JSON.stringify({ title: 'Old idea', body: 'Never mind.', savedAt: Date.now() }));
  renderAdmin('/admin/new', api.fetch);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Discard draft' }));
  expect(screen.queryByRole('region', { name: 'Unsaved draft' })).not.toBeInTheDocument();
  expect(window.localStorage.getItem(draftKey(null))).toBeNull();
});

it('warns before leaving with unsaved changes, by reload or by link', async () => {
  await storeOwnerToken(api);
  const { location } = renderAdmin('/admin/new', api.fetch);
  const quiet = new Event('beforeunload', { cancelable: true });
  act(() => void window.dispatchEvent(quiet));
  expect(quiet.defaultPrevented).toBe(false);

  await userEvent.setup().type(screen.getByLabelText('Title'), 'Unsaved');
  const leaving = new Event('beforeunload', { cancelable: true });
  act(() => void window.dispatchEvent(leaving));
  expect(leaving.defaultPrevented).toBe(true);

  // A link of the site: the administrator is asked, and staying keeps the page.
  const link = document.createElement('a');
  link.href = '/blog';
  link.textContent = 'Blog';
  document.body.append(link);
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  fireEvent(link, click);
  expect(confirm).toHaveBeenCalledWith(LEAVE_WARNING);
  expect(click.defaultPrevented).toBe(true);
  expect(location()).toBe('/admin/new');
  link.remove();
});

/** Every post, drafts and scheduled ones included, as the owner lists them. */
async function ownerPosts(): Promise<Post[]> {
  const token = window.localStorage.getItem('token');
  return (await api.app.inject({ method: 'GET', url: '/api/posts', headers: { authorization: `Bearer ${token}` } })).json<Post[]>();
}

async function fillIn(title: string, body: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Body'), body);
  return user;
}

const scheduleField = () => screen.getByLabelText(`Publish at (${new Intl.DateTimeFormat().resolvedOptions().timeZone})`);
const pad = (value: number) => String(value).padStart(2, '0');
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

it('saves a draft, which visitors do not see, and goes to the dashboard', async () => {
  await storeOwnerToken(api);
  const { location, unmount } = renderAdmin('/admin/new', api.fetch);
  const user = await fillIn('Thinking out loud', 'Not ready{Enter}yet.');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  // The dashboard it went to is not under test here: gone before its requests come back.
  unmount();
  const post = (await ownerPosts()).find((candidate) => candidate.title === 'Thinking out loud')!;
  expect(post).toMatchObject({ status: 'draft', publishedAt: null, content: 'Not ready\n\nyet.' });
  expect((await listPosts()).some((candidate) => candidate.title === 'Thinking out loud')).toBe(false);
  expect(window.localStorage.getItem(draftKey(null))).toBeNull();
});

it('does not send the post when Enter is pressed in the title', async () => {
  await storeOwnerToken(api);
  const { location } = renderAdmin('/admin/new', api.fetch);
  const user = await fillIn('Enter is not a button', 'Body.');
  await user.type(screen.getByLabelText('Title'), '{Enter}');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(location()).toBe('/admin/new');
  expect((await ownerPosts()).some((post) => post.title === 'Enter is not a button')).toBe(false);
});

it('schedules for a time in the owner’s zone, refusing an empty or past time before sending anything', async () => {
  await storeOwnerToken(api);
  const { location, unmount } = renderAdmin('/admin/new', api.fetch);
  const field = scheduleField();
  expect(field).toHaveAttribute('type', 'datetime-local');
  // `min` is now, to the minute, in the owner's zone.
  expect(Math.abs(new Date(field.getAttribute('min')!).getTime() - Date.now())).toBeLessThan(2 * 60_000);
  const user = await fillIn('Tuesday announcement', 'Big news.');
  const before = (await ownerPosts()).length;

  await user.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULE_MISSING);
  expect(field).toHaveFocus();

  fireEvent.change(field, { target: { value: '2020-01-07T09:00' } });
  await user.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(SCHEDULE_PAST);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(SCHEDULE_PAST);
  expect((await ownerPosts()).length).toBe(before);
  expect(location()).toBe('/admin/new');

  const later = new Date(Date.now() + 2 * 24 * 3_600_000);
  later.setSeconds(0, 0);
  fireEvent.change(field, { target: { value: localInput(later) } });
  await user.click(screen.getByRole('button', { name: 'Schedule' }));
  await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  unmount();
  const post = (await ownerPosts()).find((candidate) => candidate.title === 'Tuesday announcement')!;
  expect(post).toMatchObject({ status: 'scheduled', publishedAt: later.toISOString() });
  expect((await listPosts()).some((candidate) => candidate.title === 'Tuesday announcement')).toBe(false);
});

it('checks the title and body before scheduling, as the other buttons do', async () => {
  await storeOwnerToken(api);
  const { location } = renderAdmin('/admin/new', api.fetch);
  fireEvent.change(scheduleField(), { target: { value: localInput(new Date(Date.now() + 3_600_000)) } });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Schedule' }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(location()).toBe('/admin/new');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Title')).toBeInvalid();
});

describe('tags', () => {
  it('sends the tags entered, suggests the ones in use, and keeps them in the draft', async () => {
    const token = await storeOwnerToken(api);
    // A tag in use on a draft only: the owner's suggestions hold it all the same.
    const draft = new FormData();
    draft.append('title', 'A draft with a tag');
    draft.append('body', 'Body.');
    draft.append('status', 'draft');
    draft.append('tags', 'Hosting');
    await api.fetch(new Request(`${INJECT_BASE_URL}/api/posts`, { method: 'POST', body: draft, headers: { authorization: `Bearer ${token}` } }));

    const { location } = renderAdmin('/admin/new', api.fetch);
    const user = userEvent.setup();
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await waitFor(() => expect([...document.querySelectorAll(`#${CSS.escape(tags.getAttribute('list')!)} option`)].map((option) => option.getAttribute('value'))).toContain('Hosting'));

    await user.type(screen.getByLabelText('Title'), 'Tagged from the editor');
    await user.type(screen.getByLabelText('Body'), 'Words.');
    await user.type(tags, 'Web design{Enter}Hosting,');
    expect(screen.getByRole('button', { name: 'Remove tag Hosting' })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem(draftKey(null)) ?? '{}')).toMatchObject({ tags: ['Web design', 'Hosting'] }));

    await user.click(screen.getByRole('button', { name: 'Publish Post' }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    const post = (await listPosts()).find((candidate) => candidate.title === 'Tagged from the editor')!;
    expect(post.tags).toEqual(['Web design', 'Hosting']);
  });

  it('restores the tags of a draft kept on the device', async () => {
    await storeOwnerToken(api);
    window.localStorage.setItem(draftKey(null), JSON.stringify({ title: 'Kept', body: 'Kept body.', tags: ['SEO', 'Retail'], savedAt: Date.now() }));
    renderAdmin('/admin/new', api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Restore draft' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Kept');
    expect(screen.getByRole('button', { name: 'Remove tag SEO' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove tag Retail' })).toBeInTheDocument();
  });
});
