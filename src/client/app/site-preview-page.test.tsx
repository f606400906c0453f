import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteEditorState } from '../../shared/contract/site/api';
import { siteDefaults } from '../../shared/site-content/defaults';
import { baseApi } from '../lib/api/base-api';
import { renderAdmin } from './testing/admin-harness';
import { storeOwnerToken, withRealApi, type RealApi } from '../../../test/support/real-api';

jest.setTimeout(60_000);
const api = withRealApi({ withOwner: true });

// The site's frame scrolls to the top on each page; jsdom has no scrolling.
beforeAll(() => {
  window.scrollTo = () => {};
});

const NEW_PHONE = '(415) 555-0199';

/** A draft with a new phone number and a new price for the second package, saved as the editor saves it. */
async function draftChanges(app: RealApi['app'], token: string) {
  const headers = { authorization: `Bearer ${token}` };
  await app.inject({ method: 'DELETE', url: '/api/site/draft', headers });
  let { draftVersion: version } = (await app.inject({ method: 'GET', url: '/api/site', headers })).json<SiteEditorState>();
  const settings = { ...siteDefaults.settings, phone: NEW_PHONE };
  const packages = structuredClone(siteDefaults.packages);
  packages.packages[1]!.pricePerMonth = 545;
  for (const [part, content] of [['settings', settings], ['packages', packages]] as const) {
    const saved = await app.inject({ method: 'PUT', url: `/api/site/draft/${part}`, headers, payload: { version, content } });
    expect(saved.statusCode).toBe(200);
    version = saved.json<{ draftVersion: number }>().draftVersion;
  }
}

it('draws a public page with the draft in its words and frame, says it is a preview, and is not indexed', async () => {
  const token = await storeOwnerToken(api);
  await draftChanges(api.app, token);
  const { store } = renderAdmin('/admin/site/preview/packages', api.fetch);

  const bar = await screen.findByRole('region', { name: 'Preview' });
  expect(bar).toHaveTextContent('Preview of unpublished changes (Settings, Packages): visitors do not see them until you publish.');
  expect(within(bar).getByRole('link', { name: 'See the live page' })).toHaveAttribute('href', '/packages');
  expect(within(bar).getByRole('link', { name: 'Back to the site editor' })).toHaveAttribute('href', '/admin/site');
  expect(await screen.findByText('$545')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Call us at ${NEW_PHONE}` })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  await waitFor(() => expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex'));

  // The draft is held by the preview alone: nothing of it is in the tab's store for a public page to find.
  const parts = Object.values(store.getState()[baseApi.reducerPath].queries).filter((query) => query?.endpointName === 'getSitePart');
  expect(JSON.stringify(parts)).not.toContain(NEW_PHONE);
  expect(JSON.stringify(parts)).not.toContain('545');
});

it('keeps the site’s links inside the preview and sends no form', async () => {
  const token = await storeOwnerToken(api);
  await draftChanges(api.app, token);
  const { location } = renderAdmin('/admin/site/preview/packages', api.fetch);
  const user = userEvent.setup();
  await screen.findByText('$545');

  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact' }));
  await waitFor(() => expect(location()).toBe('/admin/site/preview/contact'));
  const form = (await screen.findByRole('button', { name: /send/i })).closest('form')!;
  await user.type(within(form).getByLabelText(/name/i), 'Ada');
  await user.type(within(form).getByLabelText(/e-?mail/i), 'ada@example.com');
  await user.type(within(form).getByLabelText(/message/i), 'Hello there, a question about a site.');
  await user.click(within(form).getByRole('button', { name: /send/i }));
  expect(await screen.findByText('Forms do not send from a preview: nothing was sent.')).toBeInTheDocument();
  expect(location()).toBe('/admin/site/preview/contact');
});

it('says so of an address that is no page of the site', async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/site/preview/no/such/page', api.fetch);
  expect(await screen.findByRole('heading', { name: 'No page here to preview' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Preview the home page' })).toHaveAttribute('href', '/admin/site/preview/');
});
