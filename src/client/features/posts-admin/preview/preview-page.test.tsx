import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPost } from '../../../../../test/support/posts-api';
import { countingFetch, renderAdmin } from '../../../app/testing/admin-harness';
import { storeOwnerToken, withRealApi } from '../../../../../test/support/real-api';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

const bar = () => screen.getByRole('region', { name: 'Preview' });

it('shows a draft as its page will, under a bar that says it is a draft, never indexed', async () => {
  const token = await storeOwnerToken(api);
  const draft = await createPost(api.app, token, { title: 'Unfinished thoughts', body: 'Some **bold** words.\n\n| a | b |\n| - | - |\n| 1 | 2 |', status: 'draft' });
  const { location } = renderAdmin(`/admin/preview/${draft._id}`, api.fetch);
  expect(await screen.findByRole('heading', { level: 1, name: 'Unfinished thoughts' })).toBeInTheDocument();
  expect(within(bar()).getByText('Preview — this post is a draft')).toBeInTheDocument();
  // The post page's own renderer, markdown and all.
  expect(await screen.findByRole('table')).toBeInTheDocument();
  expect(screen.getByText('bold').tagName).toBe('STRONG');
  expect(screen.getByRole('article')).toContainElement(screen.getByRole('heading', { level: 1 }));
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(document.title).toMatch(/^Preview: Unfinished thoughts \|/);

  expect(within(bar()).getByRole('link', { name: 'Back to the editor' })).toHaveAttribute('href', `/admin/edit/${draft._id}`);
  await userEvent.setup().click(within(bar()).getByRole('link', { name: 'Dashboard' }));
  expect(location()).toBe('/admin/dashboard');
});

it('says when a scheduled post goes out, in the owner’s zone, and that a published one is published', async () => {
  const token = await storeOwnerToken(api);
  const at = new Date(Date.now() + 4 * 24 * 3_600_000);
  const scheduled = await createPost(api.app, token, { title: 'Next week', body: 'Later.', publishAt: at.toISOString() });
  const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const { unmount } = renderAdmin(`/admin/preview/${scheduled._id}`, api.fetch);
  await screen.findByRole('heading', { level: 1, name: 'Next week' });
  expect(bar()).toHaveTextContent(`Preview — this post is scheduled for ${moment.format(at)}`);
  unmount();

  const published = await createPost(api.app, token, { title: 'Out now', body: 'Read me.' });
  renderAdmin(`/admin/preview/${published._id}`, api.fetch);
  await screen.findByRole('heading', { level: 1, name: 'Out now' });
  expect(bar()).toHaveTextContent(/^Preview — this post is published/);
});

it("says 'Failed to load post.' for a post that does not exist", async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/preview/no-such-post', api.fetch);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load post\.$/);
});

it('sends a signed-out visitor to the login page without asking for the post', async () => {
  const token = await storeOwnerToken(api);
  const draft = await createPost(api.app, token, { title: 'Private', body: 'Shh.', status: 'draft' });
  window.localStorage.clear();
  const counted = countingFetch(api.fetch);
  const { location } = renderAdmin(`/admin/preview/${draft._id}`, counted.fetch);
  await waitFor(() => expect(location()).toBe('/admin/login'));
  expect(screen.queryByText('Private')).not.toBeInTheDocument();
  expect(counted.calls).toEqual([]);
});
