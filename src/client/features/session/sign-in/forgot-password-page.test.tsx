import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin, unreachable } from '../../../app/testing/admin-harness';
import { fillAndSubmit } from '../../../../../test/support/fill-and-submit';
import { OWNER_EMAIL, withRealApi } from '../../../../../test/support/real-api';

const api = withRealApi({ withOwner: true });

const ask = (email: string) => fillAndSubmit({ Email: email }, 'Send Reset Link');

it("shows the server's answer, the same for any address", async () => {
  for (const email of [OWNER_EMAIL, 'nobody@example.com']) {
    const { unmount } = renderAdmin('/forgot-password', api.fetch);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await ask(email);
    expect(await screen.findByText('If an account exists for that address, a reset link is on its way.')).toHaveAttribute('role', 'status');
    unmount();
  }
});

it("shows the server's message when it refuses (too many requests for one address)", async () => {
  for (let i = 0; i < 4; i += 1) await api.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'busy@example.com' } });
  renderAdmin('/forgot-password', api.fetch);
  await ask('busy@example.com');
  await screen.findByText('If an account exists for that address, a reset link is on its way.');
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many attempts\. Try again in \d+ minutes?\.$/);
});

it("says 'Something went wrong.' when the request fails without a message", async () => {
  renderAdmin('/forgot-password', unreachable);
  await ask(OWNER_EMAIL);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Something went wrong\.$/);
});
