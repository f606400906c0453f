import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, register, testWithAdminServer } from './admin-server';
import { hydrated } from './page-watchers';

// A server of its own with CONTACT_DELIVERY=server (mail to the outbox folder, as without SMTP_URL).
const test = testWithAdminServer({ CONTACT_DELIVERY: 'server' });
test.describe.configure({ mode: 'serial' });

const THANK_YOU = 'Thank you — your message has been sent. We will reply within one business day.';

async function fillContact(page: Page, name: string, message: string) {
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('maria@bakery.example');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill(message);
  // A person takes longer than the 3 seconds the spam check allows a robot.
  await page.waitForTimeout(3200);
}

test('sends a message with JavaScript: the thank-you for 5 seconds and cleared fields', async ({ page }) => {
  await page.goto('/contact');
  // The form is the app's once hydrated (its script comes after the first paint); before, it is the plain form post below.
  await hydrated(page);
  await fillContact(page, 'Maria With Script', 'We would like an online order form.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toHaveText(THANK_YOU);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('status')).toBeEmpty({ timeout: 7000 });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('sends a message as a plain form post, answered by the page', async ({ page }) => {
    await page.goto('/contact');
    await fillContact(page, 'Tom Without Script', 'Our shop needs a booking page.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole('status')).toHaveText(THANK_YOU);
  });

  test('the honeypot is out of sight', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByLabel('Leave this field empty')).not.toBeInViewport();
  });
});

/**
 * Robots that fill the form within a second of their own first view. `/contact` is a cached page:
 * another visitor's view puts it in the cache first, long enough before that a start time kept in
 * the page would let the robot pass.
 */
async function cachedByAnotherVisit(request: APIRequestContext) {
  expect((await request.get('/contact')).ok()).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 3500));
}

async function fillAsRobot(page: Page, name: string, viewedAt: number) {
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('robot@spam.example');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Cheap pills, cheap links.');
  // Sent a second after the view, well within the 3 seconds no person needs less than.
  const wait = viewedAt + 1000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  expect(Date.now() - viewedAt).toBeLessThan(2500);
}

test('refuses a robot with JavaScript that sends 1 s after the form fetched its start time, answering it as a person', async ({ page, request }) => {
  await cachedByAnotherVisit(request);
  // With JavaScript the form asks for its own start time when it is shown: the robot's clock starts there.
  const started = page.waitForResponse((response) => response.url().endsWith('/api/contact/form') && response.ok());
  await page.goto('/contact');
  await hydrated(page);
  await started;
  await fillAsRobot(page, 'Robot With Script', Date.now() - 100);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toHaveText(THANK_YOU);
});

test.describe('a robot without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sending the cached form 1 s after its own first view is refused, and answered as a person', async ({ page, request }) => {
    await cachedByAnotherVisit(request);
    const viewedAt = Date.now();
    await page.goto('/contact');
    await fillAsRobot(page, 'Robot Without Script', viewedAt);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole('status')).toHaveText(THANK_YOU);
  });
});

test('finds both in the inbox, replies by mail and deletes', async ({ page }) => {
  await register(page);
  await logIn(page);
  await expect(page.getByRole('link', { name: '2 unread messages' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /Inbox/ }).click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  const list = page.getByRole('list', { name: 'Inbox messages, newest first' });
  await expect(list.getByRole('button')).toHaveCount(2);
  await expect(list.getByRole('button').first()).toContainText('Tom Without Script');

  await expect(list).not.toContainText('Robot');
  await list.getByRole('button', { name: /Maria With Script/ }).click();
  const opened = page.getByRole('article');
  await expect(opened).toContainText('We would like an online order form.');
  await expect(opened.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    `mailto:maria@bakery.example?subject=${encodeURIComponent('Re: New Inquiry from Maria With Script')}`,
  );
  await expect(list.getByRole('button', { name: /Maria With Script/ })).not.toContainText('(unread)');

  page.once('dialog', (dialog) => void dialog.accept());
  await opened.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText('Message deleted.');
  await expect(list.getByRole('button')).toHaveCount(1);
});

test('keeps the robots in the spam folder and mails only the people', async ({ page, adminServer }) => {
  await logIn(page);
  await page.goto('/admin/inbox?folder=spam');
  const spam = page.getByRole('list', { name: 'Spam messages, newest first' });
  await expect(spam.getByRole('button')).toHaveCount(2);
  await expect(spam).toContainText('Robot With Script');
  await expect(spam).toContainText('Robot Without Script');

  const outbox = path.join(adminServer.dataDir, 'outbox');
  await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0)).toBe(2);
  const mails = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'));
  expect(mails.filter((mail) => /Subject: New Inquiry from (Maria With Script|Tom Without Script)/.test(mail))).toHaveLength(2);
  expect(mails.join('\n')).not.toContain('Robot');
});
