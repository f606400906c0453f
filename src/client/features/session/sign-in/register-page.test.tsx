import { screen, waitFor } from '@testing-library/react';
import { gatewayError, renderAdmin, unreachable } from '../../../app/testing/admin-harness';
import { fillAndSubmit } from '../../../../../test/support/fill-and-submit';
import { withRealApi } from '../../../../../test/support/real-api';

jest.setTimeout(15_000);

const api = withRealApi();

const register = (email: string, password: string) => fillAndSubmit({ Email: email, Password: password }, 'Register');

it('creates the account, says so, and goes to the login page after 1.5 seconds', async () => {
  const { location } = renderAdmin('/register', api.fetch);
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Password')).toBeRequired();
  // The password manager offers a new password and saves it with the address.
  expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/^At least 12 characters/);
  await register('owner@example.com', 'correct horse battery staple');
  await screen.findByText('Account created. You can now log in.');
  const shownAt = Date.now();
  expect(screen.getByRole('status')).toHaveTextContent(/^Account created\. You can now log in\.$/);
  expect(location()).toBe('/register');
  await waitFor(() => expect(location()).toBe('/admin/login'), { timeout: 3000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1300);
});

it("shows the server's 'Registration is closed.' once the administrator exists, also at /admin/register", async () => {
  const { location } = renderAdmin('/admin/register', api.fetch);
  await register('second@example.com', 'another long passphrase here');
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration is closed\.$/);
  expect(location()).toBe('/admin/register');
});

it("says 'Registration failed' when the server gives no message", async () => {
  renderAdmin('/register', gatewayError);
  await register('owner@example.com', 'correct horse battery staple');
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);
});

it("says 'Something went wrong. Try again.' when the network fails", async () => {
  renderAdmin('/register', unreachable);
  await register('owner@example.com', 'correct horse battery staple');
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong\. Try again\.$/);
});
