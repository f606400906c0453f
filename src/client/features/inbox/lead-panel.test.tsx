import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../../app/testing/admin-harness';
import { storeOwnerToken, withRealApi } from '../../../../test/support/real-api';

jest.setTimeout(30_000);
const api = withRealApi({ withOwner: true });

beforeAll(async () => {
  const now = new Date();
  await api.app.contactMessages.insert({ name: 'Quincy Jones', email: 'quincy@jam.example', message: 'A shop for our jams, please.' }, null, now, {
    source: {
      landingPath: '/blog/quince-jam',
      referrerHost: null,
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: null,
      viewedPaths: ['/blog/quince-jam', '/about', '/contact'],
    },
  });
});

it('shows where a lead came from, and keeps its status, amount, notes and follow-up', async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/inbox', api.fetch);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Quincy Jones/ }));
  const lead = await screen.findByRole('region', { name: 'Lead' });
  // The source, and the utm_source it was named from.
  expect(within(lead).getAllByText('newsletter')).toHaveLength(2);
  expect(within(lead).getByText('/blog/quince-jam', { selector: 'dd' })).toBeInTheDocument();
  expect(within(within(lead).getByRole('list', { name: 'Pages viewed before writing' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    '/blog/quince-jam',
    '/about',
    '/contact',
  ]);

  // The amount is asked for once the lead is Won.
  expect(within(lead).queryByLabelText('Amount')).not.toBeInTheDocument();
  await user.selectOptions(within(lead).getByLabelText('Status'), 'Won');
  await user.type(within(lead).getByLabelText('Amount'), '1250.50');
  const today = new Date().toISOString().slice(0, 10);
  await user.type(within(lead).getByLabelText('Follow up on'), today);
  await user.click(within(lead).getByRole('button', { name: 'Save lead' }));
  expect(await within(lead).findByText('Lead saved.')).toBeInTheDocument();

  await user.type(within(lead).getByLabelText('New note'), 'Signed the proposal.');
  await user.click(within(lead).getByRole('button', { name: 'Add note' }));
  expect(await within(lead).findByText('Signed the proposal.')).toBeInTheDocument();

  const headers = { authorization: `Bearer ${window.localStorage.getItem('token')}` };
  const [message] = (await api.app.inject({ method: 'GET', url: '/api/contact/messages', headers })).json() as Array<{ lead: Record<string, unknown> }>;
  expect(message!.lead).toMatchObject({ status: 'won', amount: 1250.5, followUpOn: today, notes: [expect.objectContaining({ text: 'Signed the proposal.' })] });
  // A won lead is not followed up: the dashboard lists none.
  expect((await api.app.inject({ method: 'GET', url: '/api/leads/due', headers })).json()).toMatchObject({ leads: [] });
});
