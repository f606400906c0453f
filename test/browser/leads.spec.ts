import { expect } from '@playwright/test';
import { logIn, register, testWithAdminServer } from './admin-server';
import { hydrated } from './page-watchers';

// A server of its own with CONTACT_DELIVERY=server (mail to the outbox folder, as without SMTP_URL).
const test = testWithAdminServer({ CONTACT_DELIVERY: 'server' });

test('a visitor from the newsletter becomes a won lead, seen in the inbox and in Insights', async ({ page, browser, baseURL }) => {
  await register(page);
  await logIn(page);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const created = await page.request.post('/api/posts', { headers: { authorization: `Bearer ${token}` }, multipart: { title: 'Quince jam for the web', body: 'How a jam maker sells online.' } });
  expect(created.status()).toBe(201);
  const postPath = `/blog/${((await created.json()) as { slug: string }).slug}`;

  // The visitor: a browser of their own, no session, landing on the post from the newsletter. Its
  // user agent is a visitor's browser's, not a headless one: isbot would rightly leave that uncounted.
  const visitor = await browser.newContext({ baseURL, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' });
  const visit = await visitor.newPage();
  const contactCalls: string[] = [];
  visit.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/contact') contactCalls.push(request.method());
  });
  await visit.goto(`${postPath}?utm_source=newsletter&utm_campaign=march`);
  await hydrated(visit);
  const main = visit.getByRole('navigation', { name: 'Main' });
  await main.getByRole('link', { name: 'About', exact: true }).click();
  await expect(visit).toHaveURL(/\/about$/);
  await main.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(visit).toHaveURL(/\/contact$/);
  const form = visit.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Quincy Jones');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('quincy@jam.example');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('We would like a shop for our jams.');
  // Nothing of the visit has left the browser before the visitor sends.
  expect(contactCalls).toEqual([]);
  await visit.waitForTimeout(3200);
  await visit.getByRole('button', { name: 'Send Message' }).click();
  await expect(visit.getByRole('status')).toHaveText(/your message has been sent/);
  await visitor.close();

  await page.goto('/admin/inbox');
  await page.getByRole('list', { name: 'Inbox messages, newest first' }).getByRole('button', { name: /Quincy Jones/ }).click();
  const lead = page.getByRole('region', { name: 'Lead' });
  await expect(lead.getByRole('definition').first()).toHaveText('newsletter');
  await expect(lead.getByText(postPath, { exact: true }).first()).toBeVisible();
  await expect(lead.getByRole('list', { name: 'Pages viewed before writing' }).getByRole('listitem')).toHaveText([postPath, '/about', '/contact']);
  await expect(lead.getByText('march', { exact: true })).toBeVisible();

  await lead.getByLabel('Status').selectOption({ label: 'Won' });
  await lead.getByLabel('Amount').fill('1500');
  await lead.getByRole('button', { name: 'Save lead' }).click();
  await expect(lead.getByRole('status')).toHaveText('Lead saved.');
  await page.getByRole('link', { name: 'Won', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Inbox messages, newest first' }).getByRole('button', { name: /Quincy Jones/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Insights' }).click();
  const sources = page.getByRole('region', { name: 'By source' });
  const row = sources.getByRole('row', { name: /newsletter/ });
  // The visit was counted with its campaign, the lead's source: one visitor, one lead.
  await expect(row.getByRole('cell')).toHaveText(['1', '1', '1,500.00', '1', '100%']);
  await expect(page.getByRole('region', { name: 'By post read before writing' }).getByRole('link', { name: 'Quince jam for the web' })).toBeVisible();
});
