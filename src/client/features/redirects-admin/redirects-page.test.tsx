import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../../app/testing/admin-harness';
import { storeOwnerToken, withRealApi } from '../../../../test/support/real-api';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });

it('starts a redirect from the not-found log, adds it, lists it, and removes it', async () => {
  // Counted as the page route counts a 404 (rendering a page here would run React's server renderer beside jsdom's).
  api.app.redirects.notFound.record('/old-pricing', 'https://forum.example/thread');
  await storeOwnerToken(api);
  renderAdmin('/admin/redirects', api.fetch);
  const user = userEvent.setup();
  const log = await screen.findByRole('region', { name: 'Not found' });
  const row = (await within(log).findByRole('cell', { name: '/old-pricing' })).closest('tr')!;
  expect(row).toHaveTextContent('forum.example');
  await user.click(within(row).getByRole('button', { name: 'Redirect /old-pricing' }));
  expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('/old-pricing');
  expect(screen.getByRole('textbox', { name: 'To' })).toHaveFocus();

  // A loop is refused with the server's words.
  await user.type(screen.getByRole('textbox', { name: 'To' }), '/old-pricing/');
  await user.click(screen.getByRole('button', { name: 'Add redirect' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('its own address');

  await user.clear(screen.getByRole('textbox', { name: 'To' }));
  await user.type(screen.getByRole('textbox', { name: 'To' }), '/packages');
  await user.click(screen.getByRole('button', { name: 'Add redirect' }));
  expect(await screen.findByText('/old-pricing now redirects to /packages.')).toBeInTheDocument();
  const list = screen.getByRole('region', { name: /^Redirects/ });
  await waitFor(() => expect(within(list).getByRole('cell', { name: '/packages' })).toBeInTheDocument());
  await waitFor(() => expect(within(log).queryByRole('cell', { name: '/old-pricing' })).toBeNull());
  expect((await api.app.inject({ method: 'GET', url: '/old-pricing' })).headers.location).toBe('/packages');

  jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(within(list).getByRole('button', { name: 'Remove the redirect from /old-pricing' }));
  expect(await screen.findByText('The redirect from /old-pricing is removed.')).toBeInTheDocument();
  expect(await within(list).findByText('No redirects yet.')).toBeInTheDocument();
  await api.app.redirects.reload();
  expect(api.app.redirects.table.match('/old-pricing')).toBeUndefined();
});
