import { act, screen, waitFor } from '@testing-library/react';
import { selectSession } from '..';
import { gatewayError, renderAdmin, unreachable } from '../../../app/testing/admin-harness';
import { fillAndSubmit } from '../../../../../test/support/fill-and-submit';
import { OWNER_EMAIL as EMAIL, OWNER_PASSWORD as PASSWORD, withRealApi } from '../../../../../test/support/real-api';

const api = withRealApi({ withOwner: true });

const logIn = (email: string, password: string) => fillAndSubmit({ Email: email, Password: password }, 'Log In');

it('has Email and Password fields, a Log In button, and is kept out of search engines', () => {
  renderAdmin('/admin/login', api.fetch);
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Email')).toBeRequired();
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  expect(screen.getByLabelText('Password')).toBeRequired();
  // The password manager fills the saved account in.
  // The password manager, and the browser's passkey autofill, fill the saved account in.
  expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

it('signs in, stores the token, decodes the user and goes to the dashboard', async () => {
  const { location, store } = renderAdmin('/admin/login', api.fetch);
  await logIn(EMAIL, PASSWORD);
  await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  const token = window.localStorage.getItem('token');
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(selectSession(store.getState())).toMatchObject({ status: 'authenticated', token, user: { email: EMAIL } });
  expect(await screen.findByText(`Welcome, ${EMAIL}`)).toBeInTheDocument();
});

it("shows the server's message in red when the credentials are wrong", async () => {
  const { location } = renderAdmin('/admin/login', api.fetch);
  await logIn(EMAIL, 'not the right password');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/^Invalid email or password\.$/);
  expect(alert).toHaveClass('error');
  expect(location()).toBe('/admin/login');
  expect(window.localStorage.getItem('token')).toBeNull();
});

it("says 'Login failed' when the server gives no message", async () => {
  renderAdmin('/admin/login', gatewayError);
  await logIn(EMAIL, PASSWORD);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
});

it("says 'Login failed' when the answer holds no usable token", async () => {
  const noToken: typeof fetch = async () => Response.json({ token: 'not-a-jwt' });
  renderAdmin('/admin/login', noToken);
  await logIn(EMAIL, PASSWORD);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  expect(window.localStorage.getItem('token')).toBeNull();
});

it("says 'Something went wrong. Try again.' when the network fails", async () => {
  renderAdmin('/admin/login', unreachable);
  await logIn(EMAIL, PASSWORD);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong\. Try again\.$/);
});

it('disables the button while the request is in flight', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const real = api.fetch;
  const slow: typeof fetch = async (input, init) => {
    await held;
    return real(input, init);
  };
  renderAdmin('/admin/login', slow);
  await logIn(EMAIL, 'not the right password');
  expect(screen.getByRole('button', { name: 'Log In' })).toBeDisabled();
  release();
  await screen.findByRole('alert');
  expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
});

it('moves on to the dashboard when the administrator signs in in another tab', async () => {
  const { location } = renderAdmin('/admin/login', api.fetch);
  const response = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: EMAIL, password: PASSWORD } });
  const { token } = response.json<{ token: string }>();
  // What the browser does in this tab when another one writes the token.
  window.localStorage.setItem('token', token);
  act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: token, storageArea: window.localStorage })));
  await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  expect(await screen.findByText(`Welcome, ${EMAIL}`)).toBeInTheDocument();
});
