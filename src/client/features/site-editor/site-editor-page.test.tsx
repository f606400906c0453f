import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteEditorState } from '../../../shared/contract/site/api';
import { renderAdmin } from '../../app/testing/admin-harness';
import { storeOwnerToken, withRealApi, type RealApi } from '../../../../test/support/real-api';

jest.setTimeout(60_000);
const api = withRealApi({ withOwner: true });

afterEach(() => jest.restoreAllMocks());

async function editorState(token: string): Promise<SiteEditorState> {
  const response = await api.app.inject({ method: 'GET', url: '/api/site', headers: { authorization: `Bearer ${token}` } });
  return response.json<SiteEditorState>();
}

/** Puts the draft back to what is live, whatever a test left. */
async function discardDraft(app: RealApi['app'], token: string) {
  await app.inject({ method: 'DELETE', url: '/api/site/draft', headers: { authorization: `Bearer ${token}` } });
}

async function openPart(name: string) {
  const user = userEvent.setup();
  const parts = await screen.findByRole('navigation', { name: 'Parts of the site' });
  await user.click(within(parts).getByRole('button', { name }));
  await screen.findByRole('heading', { level: 2, name });
  return user;
}

/** The page's own announcement (each image field has a status of its own, for its upload). */
const announced = async (text: string) => (await screen.findByText((content) => content.startsWith(text))).closest('[role="status"]');

/** "Publish changes", once the page has read back the saved draft (it is disabled while there is nothing to publish). */
async function publishChanges(user: ReturnType<typeof userEvent.setup>) {
  const button = screen.getByRole('button', { name: 'Publish changes' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

const packageGroup = (number: number) => screen.getByRole('group', { name: `Package ${number}` });

it('labels every field with its schema title, and saves an edited price to the draft with the version it read', async () => {
  const token = await storeOwnerToken(api);
  await discardDraft(api.app, token);
  const { location } = renderAdmin('/admin/site', api.fetch);
  expect(await screen.findByLabelText('Site name')).toHaveValue('Larkspur Web Studio');
  expect(screen.getByLabelText('E-mail address')).toHaveValue('hello@larkspur.example');
  expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Site', current: 'page' })).toBeInTheDocument();

  const user = await openPart('Packages');
  expect(location()).toBe('/admin/site?part=packages');
  // Three packages, as the page's layout is made for: no way to add or remove one.
  expect(screen.getAllByRole('group', { name: /^Package \d$/ })).toHaveLength(3);
  expect(screen.queryByRole('button', { name: /add package/i })).not.toBeInTheDocument();
  const price = within(packageGroup(2)).getByLabelText('Price per month');
  expect(price).toHaveValue(500);
  await user.clear(price);
  await user.type(price, '545');
  expect(within(screen.getByRole('navigation', { name: 'Parts of the site' })).getByRole('button', { name: /Packages \(unsaved\)/ })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(await announced('Packages saved to the draft.')).toBeInTheDocument();

  const state = await editorState(token);
  expect(state.draft.packages.packages[1]!.pricePerMonth).toBe(545);
  expect(state.published.packages.packages[1]!.pricePerMonth).toBe(500);
  expect(state.changedParts).toEqual(['packages']);
});

it('keeps the owner’s edits when another tab saved the part first, and saves them over it when asked', async () => {
  const token = await storeOwnerToken(api);
  await discardDraft(api.app, token);
  renderAdmin('/admin/site?part=testimonials', api.fetch);
  const quote = within(await screen.findByRole('group', { name: 'Testimonial 1' })).getByLabelText('Quote');

  // Another tab saves the testimonials meanwhile.
  const before = await editorState(token);
  const other = structuredClone(before.draft.testimonials);
  other.items[0]!.name = 'Saved elsewhere';
  const saved = await api.app.inject({
    method: 'PUT',
    url: '/api/site/draft/testimonials',
    headers: { authorization: `Bearer ${token}` },
    payload: { version: before.draftVersion, content: other },
  });
  expect(saved.statusCode).toBe(200);

  const user = userEvent.setup();
  await user.clear(quote);
  await user.type(quote, 'They shipped in three weeks.');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  const alert = await screen.findByText(/was changed in another tab or window since you opened it/);
  expect(alert.closest('[role="alert"]')).toBeInTheDocument();
  expect(quote).toHaveValue('They shipped in three weeks.');
  expect((await editorState(token)).draft.testimonials.items[0]!.quote).not.toBe('They shipped in three weeks.');

  await user.click(screen.getByRole('button', { name: 'Save my version' }));
  expect(await announced('Testimonials saved to the draft.')).toBeInTheDocument();
  expect((await editorState(token)).draft.testimonials.items[0]!.quote).toBe('They shipped in three weeks.');
});

it('names every field the publish checks refuse, links to it, and publishes once they pass', async () => {
  const token = await storeOwnerToken(api);
  await discardDraft(api.app, token);
  renderAdmin('/admin/site?part=packages', api.fetch);
  const checkout = within(await screen.findByRole('group', { name: 'Package 3' })).getByLabelText('Checkout link');
  const user = userEvent.setup();
  await user.clear(checkout);
  await user.type(checkout, 'http://pay.example/enterprise');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await screen.findByText(/Packages saved to the draft/);

  await publishChanges(user);
  const summary = await screen.findByRole('alert', { name: /attention before publishing/ });
  const link = within(summary).getByRole('link', { name: /^Packages › Packages › Package 3 › Checkout link: / });
  expect(summary).toHaveFocus();
  expect(checkout).toHaveAttribute('aria-invalid', 'true');
  await user.click(link);
  expect(checkout).toHaveFocus();
  expect((await editorState(token)).publishedAt).toBeNull();

  await user.clear(checkout);
  await user.type(checkout, 'https://pay.example/enterprise');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await screen.findByText(/Packages saved to the draft/);
  await publishChanges(user);
  expect(await announced('Your changes are published')).toBeInTheDocument();
  expect(screen.queryByRole('alert', { name: /attention before publishing/ })).not.toBeInTheDocument();
  const publications = screen.getByRole('region', { name: 'Publications' });
  expect(await within(publications).findByText(/Packages › Packages › Package 3 › Checkout link/)).toBeInTheDocument();
  expect((await editorState(token)).published.packages.packages[2]!.checkoutUrl).toBe('https://pay.example/enterprise');
});

it('resets a part to its defaults after asking', async () => {
  const token = await storeOwnerToken(api);
  await discardDraft(api.app, token);
  renderAdmin('/admin/site?part=settings', api.fetch);
  const phone = await screen.findByLabelText('Phone number');
  const user = userEvent.setup();
  const defaultPhone = (phone as HTMLInputElement).value;
  await user.clear(phone);
  await user.type(phone, '(202) 555-0199');
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await screen.findByText(/Settings saved to the draft/);

  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  await user.click(screen.getByRole('button', { name: 'Reset to default' }));
  expect(confirm).toHaveBeenLastCalledWith(expect.stringMatching(/^Reset Settings to the words, numbers and images the site started with\?/));
  expect(phone).toHaveValue('(202) 555-0199');
  await user.click(screen.getByRole('button', { name: 'Reset to default' }));
  await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveValue(defaultPhone));
  expect((await editorState(token)).draft.settings.phone).toBe(defaultPhone);
});

it('asks before leaving with edits not saved, and gives markdown fields the post editor’s toolbar', async () => {
  const token = await storeOwnerToken(api);
  await discardDraft(api.app, token);
  const { location } = renderAdmin('/admin/site?part=privacy', api.fetch);
  const policy = await screen.findByLabelText('Policy');
  expect(screen.getByRole('toolbar', { name: 'Formatting' })).toHaveAttribute('aria-controls', policy.id);
  const user = userEvent.setup();
  await user.type(policy, ' More.');

  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Posts' }));
  expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/not saved to the draft/));
  expect(location()).toBe('/admin/site?part=privacy');
  expect((policy as HTMLTextAreaElement).value).toMatch(/ More\.$/);
});
