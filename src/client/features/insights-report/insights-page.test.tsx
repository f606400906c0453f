import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPost } from '../../../../test/support/posts-api';
import { storeOwnerToken, withRealApi } from '../../../../test/support/real-api';
import { renderAdmin } from '../../app/testing/admin-harness';

jest.setTimeout(20_000);
const api = withRealApi({ withOwner: true });
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const send = (event: object, address = '203.0.113.5') =>
  api.app.inject({ method: 'POST', url: '/api/events', payload: JSON.stringify(event), headers: { 'content-type': 'text/plain', 'user-agent': PHONE }, remoteAddress: address });

beforeAll(async () => {
  const token = await storeOwnerToken(api);
  const post = await createPost(api.app, token, { title: 'Speed sells', body: 'Fast pages keep readers.' });
  await send({ kind: 'view', path: '/', type: 'home', device: 'mobile', ref: 'news.example' });
  await send({ kind: 'view', path: `/blog/${post.slug}`, type: 'post', device: 'mobile' });
  await send({ kind: 'view', path: `/blog/${post.slug}`, type: 'post', device: 'desktop' }, '203.0.113.6');
  await send({ kind: 'vitals', path: '/', type: 'home', device: 'mobile', lcp: 1800, inp: 320, cls: 0.3 });
  await api.app.insights.writer.flush();
  window.localStorage.clear();
});

it('shows the week’s figures as tables, the vitals rated, and switches to 30 days', async () => {
  await storeOwnerToken(api);
  const { location } = renderAdmin('/admin/insights', api.fetch);
  expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
  await screen.findByText(/from .* to /);
  expect(screen.getByText(/visitors and/)).toHaveTextContent(/^2 visitors and 3 page views from/);

  const daily = screen.getByRole('table', { name: 'Visitors and page views per day' });
  expect(within(daily).getAllByRole('row')).toHaveLength(1 + 7);
  const posts = screen.getByRole('region', { name: 'Top posts' });
  expect(within(posts).getByRole('link', { name: 'Speed sells' })).toBeInTheDocument();
  expect(within(posts).getByRole('row', { name: /Speed sells 2/ })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Referrers' })).getByRole('row', { name: 'news.example 1' })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Devices' })).getByRole('row', { name: 'Mobile 2' })).toBeInTheDocument();
  const vitals = within(screen.getByRole('region', { name: 'Core Web Vitals (75th percentile)' })).getByRole('row', { name: /^home/ });
  expect(vitals).toHaveTextContent('home1.8 s (good)320 ms (needs improvement)0.30 (poor)1');

  await userEvent.setup().click(screen.getByRole('link', { name: 'Last 30 days' }));
  await waitFor(() => expect(location()).toBe('/admin/insights?days=30'));
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Visitors and page views per day' })).getAllByRole('row')).toHaveLength(1 + 30));
  expect(screen.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
});

it('puts this week’s visitors and top post on the dashboard', async () => {
  await storeOwnerToken(api);
  renderAdmin('/admin/dashboard', api.fetch);
  const line = await screen.findByText(/^This week:/);
  expect(line).toHaveTextContent('This week: 2 visitors · top post: Speed sells');
  expect(within(line).getByRole('link', { name: '2 visitors' })).toHaveAttribute('href', '/admin/insights');
});
