import { expect, type Page } from '@playwright/test';
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

test('finds both in the inbox, replies by mail and deletes', async ({ page }) => {
  await register(page);
  await logIn(page);
  await expect(page.getByRole('link', { name: '2 unread messages' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /Inbox/ }).click();
  await expect(page).toHaveURL(/\/admin\/inbox$/);
  const list = page.getByRole('list', { name: 'Inbox messages, newest first' });
  await expect(list.getByRole('button')).toHaveCount(2);
  await expect(list.getByRole('button').first()).toContainText('Tom Without Script');

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
