import { screen, waitFor } from '@testing-library/react';
import { AccountService } from '../../../../server/accounts/account-service';
import { countingFetch, gatewayError, renderAdmin } from '../../../app/testing/admin-harness';
import { fillAndSubmit } from '../../../../../test/support/fill-and-submit';
import { OWNER_EMAIL, withRealApi } from '../../../../../test/support/real-api';

jest.setTimeout(15_000);

const api = withRealApi({ withOwner: true });

async function resetLinkPath(): Promise<string> {
  const link = await new AccountService(api.app.database, api.app.config).issueResetLink(OWNER_EMAIL);
  return new URL(link!).pathname;
}

const choose = (password: string, confirmation: string) =>
  fillAndSubmit({ 'New password': password, 'Confirm new password': confirmation }, 'Reset Password');

it("refuses mismatched passwords with 'Passwords do not match.' and sends nothing", async () => {
  const counted = countingFetch(api.fetch);
  renderAdmin('/reset-password/some-token', counted.fetch);
  await choose('a brand new passphrase', 'a brand new passphrasf');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/^Passwords do not match\.$/);
  expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match.');
  expect(counted.calls).toEqual([]);
});

it("shows the server's message, then goes to the login page after 2 seconds", async () => {
  const { location } = renderAdmin(await resetLinkPath(), api.fetch);
  await choose('a brand new passphrase', 'a brand new passphrase');
  expect(await screen.findByText('Your password has been reset. You can now log in.')).toHaveAttribute('role', 'status');
  const shownAt = Date.now();
  expect(location()).toMatch(/^\/reset-password\//);
  await waitFor(() => expect(location()).toBe('/admin/login'), { timeout: 3500 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1800);
  const login = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: OWNER_EMAIL, password: 'a brand new passphrase' } });
  expect(login.statusCode).toBe(200);
});

it("shows the server's message for a used or unknown link", async () => {
  renderAdmin('/reset-password/not-a-real-token', api.fetch);
  await choose('a brand new passphrase', 'a brand new passphrase');
  expect(await screen.findByRole('alert')).toHaveTextContent(/^This reset link is invalid or has expired\. Please request a new one\.$/);
});

it("says 'Reset failed.' when the server gives no message", async () => {
  renderAdmin('/reset-password/some-token', gatewayError);
  await choose('a brand new passphrase', 'a brand new passphrase');
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Reset failed\.$/);
});
