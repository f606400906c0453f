import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { logIn, register, testWithAdminServer } from './admin-server';
import { hydrated } from './page-watchers';

// A server of its own: without SMTP_URL its mail lands in the outbox folder, read back here.
const test = testWithAdminServer();

const READER = 'reader@bakery.example';

/** The mails in the outbox to `address`, parsed (with their header block as sent), oldest first. */
async function mailsTo(dataDir: string, address: string): Promise<Array<ParsedMail & { headerBlock: string }>> {
  const folder = path.join(dataDir, 'outbox');
  const names = fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  const mails = await Promise.all(
    names.map(async (name) => {
      const raw = fs.readFileSync(path.join(folder, name), 'utf8');
      // Folded header lines unfolded, as a mail program reads them.
      return Object.assign(await simpleParser(raw), { headerBlock: raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ') });
    }),
  );
  return mails.filter((mail) => JSON.stringify(mail.to).includes(address));
}

test('a reader subscribes, confirms from the mail, receives a post by e-mail and unsubscribes with one click', async ({ page, browser, adminServer }) => {
  // The reader, on the blog, in a browser of their own.
  const reader = await browser.newContext({ baseURL: adminServer.baseUrl });
  const blog = await reader.newPage();
  await blog.goto('/blog');
  await hydrated(blog);
  const form = blog.getByRole('form', { name: 'Get new posts by e-mail' });
  await form.getByRole('textbox', { name: 'Email' }).fill(READER);
  // A person takes longer than the 3 seconds the spam check allows a robot.
  await blog.waitForTimeout(3200);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');

  await expect.poll(async () => (await mailsTo(adminServer.dataDir, READER)).length).toBe(1);
  const [confirmation] = await mailsTo(adminServer.dataDir, READER);
  const link = /https?:\/\/\S+\/subscribe\/confirm\/[A-Za-z0-9_-]+/.exec(confirmation!.text ?? '')![0];
  await blog.goto(link);
  await expect(blog.getByRole('heading', { level: 1 })).toHaveText('Your subscription is confirmed.');

  // The owner publishes a post and emails it from the editor.
  await register(page);
  await logIn(page);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const created = await page.request.post('/api/posts', { headers: { authorization: `Bearer ${token}` }, multipart: { title: 'Spring at the bakery', body: 'Fresh bread, a [new menu](/blog) and longer hours.' } });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { _id: string; slug: string };
  await page.goto(`/admin/edit/${post._id}`);
  const panel = page.getByRole('region', { name: 'Subscribers' });
  await panel.getByRole('button', { name: 'Email to subscribers' }).click();
  await expect(panel.getByRole('status')).toHaveText('The post is being emailed to the subscribers.');

  await expect.poll(async () => (await mailsTo(adminServer.dataDir, READER)).length, { timeout: 15_000 }).toBe(2);
  const mail = (await mailsTo(adminServer.dataDir, READER))[1]!;
  expect(mail.subject).toBe('Spring at the bakery');
  expect(mail.html).toContain(`${adminServer.baseUrl}/blog/${post.slug}`);
  expect(mail.html).toContain(`href="${adminServer.baseUrl}/blog"`);
  expect(mail.text).toContain('Fresh bread');
  expect(mail.headerBlock).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const unsubscribe = /^List-Unsubscribe: <(https?:\/\/[^>]+\/unsubscribe\/[^>]+)>/m.exec(mail.headerBlock)![1]!;

  // The reader's mail program unsubscribes with one click (RFC 8058): a POST, no page.
  const clicked = await reader.request.post(unsubscribe, { form: { 'List-Unsubscribe': 'One-Click' } });
  expect(clicked.ok()).toBe(true);
  await reader.close();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscribers' }).click();
  await expect(page.getByText('0 confirmed subscribers')).toBeVisible();
  await expect(page.getByRole('cell', { name: READER })).toHaveCount(0);
});
