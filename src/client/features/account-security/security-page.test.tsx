import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OWNER_EMAIL, OWNER_PASSWORD, withRealApi } from '../../../../test/support/real-api';
import { renderAdmin } from '../../app/testing/admin-harness';

const api = withRealApi({ withOwner: true });

/** The owner's token, signed in `ageSeconds` ago, where the browser keeps it. */
async function storeTokenSignedInAgo(ageSeconds: number): Promise<string> {
  const account = await api.app.database.db.selectFrom('users').select(['id', 'email', 'token_version']).where('email', '=', OWNER_EMAIL).executeTakeFirstOrThrow();
  const token = await api.app.tokens.sign({ id: account.id, email: account.email, tokenVersion: account.token_version }, { authTime: Math.floor(Date.now() / 1000) - ageSeconds });
  window.localStorage.setItem('token', token);
  return token;
}

beforeEach(() => {
  jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => jest.restoreAllMocks());

it('asks for the password before a change when the sign-in is older than ten minutes, then carries on with it', async () => {
  const user = userEvent.setup();
  const stale = await storeTokenSignedInAgo(11 * 60);
  const { location } = renderAdmin('/admin/security', api.fetch);
  await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));

  const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
  expect(dialog).toHaveTextContent('this change needs a recent sign-in');
  await user.type(screen.getByLabelText('Your password'), 'not the password at all');
  await user.click(screen.getByRole('button', { name: 'Confirm with password' }));
  expect(await screen.findByText('That did not confirm it is you. Try again.')).toBeInTheDocument();
  expect(location()).toBe('/admin/security');

  await user.clear(screen.getByLabelText('Your password'));
  await user.type(screen.getByLabelText('Your password'), OWNER_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Confirm with password' }));
  // The change went ahead: every sign-in ended, this one included, and the page is the login page.
  await waitFor(() => expect(location()).toBe('/admin/login'));
  expect(window.localStorage.getItem('token')).toBeNull();
  const after = await api.app.inject({ method: 'GET', url: '/api/security', headers: { authorization: `Bearer ${stale}` } });
  expect(after.statusCode).toBe(401);
});

it('changes nothing when the confirmation is cancelled', async () => {
  const user = userEvent.setup();
  const stale = await storeTokenSignedInAgo(11 * 60);
  const { location } = renderAdmin('/admin/security', api.fetch);
  await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
  await user.click(await screen.findByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(location()).toBe('/admin/security');
  expect((await api.app.inject({ method: 'GET', url: '/api/security', headers: { authorization: `Bearer ${stale}` } })).statusCode).toBe(200);
});

it('asks nothing when the sign-in is recent', async () => {
  const user = userEvent.setup();
  await storeTokenSignedInAgo(60);
  const { location } = renderAdmin('/admin/security', api.fetch);
  await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
  await waitFor(() => expect(location()).toBe('/admin/login'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
