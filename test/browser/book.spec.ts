import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { logIn, register, testWithAdminServer } from './admin-server';
import { hydrated } from './page-watchers';

// A server of its own: mail goes to its outbox folder, read back here.
const test = testWithAdminServer({ CONTACT_DELIVERY: 'server' });
test.describe.configure({ mode: 'serial' });

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function outbox(dataDir: string): string[] {
  const folder = path.join(dataDir, 'outbox');
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort().map((name) => fs.readFileSync(path.join(folder, name), 'utf8')) : [];
}

/** The invitations in the outbox to an address, read back with a real iCalendar parser. */
async function invitationsTo(dataDir: string, address: string) {
  const found: { method: string; event: VEvent; text: string }[] = [];
  for (const raw of outbox(dataDir)) {
    const mail = await simpleParser(raw);
    if (!mail.to || !JSON.stringify(mail.to).includes(address)) continue;
    const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    if (!part) continue;
    const content = part.content.toString('utf8');
    const event = Object.values(ical.sync.parseICS(content)).find((component) => component?.type === 'VEVENT') as VEvent;
    found.push({ method: /^METHOD:(\w+)/m.exec(content)?.[1] ?? '', event, text: mail.text ?? '' });
  }
  return found;
}

async function fillDetails(page: Page, name: string, email: string) {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'What would you like to talk about?' }).fill('A website for our bakery.');
  // A person takes longer than the 3 seconds the spam check allows a robot.
  await page.waitForTimeout(3200);
}

test('/book is not found while bookings are off, and nothing links to it', async ({ page }) => {
  expect((await page.goto('/book'))?.status()).toBe(404);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Book a free call' })).toHaveCount(0);
});

test('the owner turns bookings on at /admin/bookings', async ({ page }) => {
  await register(page);
  await logIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();
  await page.getByLabel('Visitors can book calls').check();
  await page.getByLabel('Notice (hours ahead)').fill('0');
  for (const day of DAYS) await page.getByLabel(day, { exact: true }).fill('00:00-24:00');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved. Visitors can book at /book.')).toBeVisible();
});

test('a visitor in Tokyo books, gets the invitation, moves the call and cancels it from the manage link', async ({ browser, adminServer }) => {
  const context = await browser.newContext({ baseURL: adminServer.baseUrl, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Book a free call' }).first().click();
  await expect(page).toHaveURL(/\/book$/);
  await hydrated(page);
  await expect(page.getByLabel('Times shown in')).toHaveValue('Asia/Tokyo');
  const first = page.getByRole('radio').first();
  const start = await first.getAttribute('value');
  const shown = await first.locator('xpath=..').innerText();
  // The label is the slot's time in Tokyo.
  expect(shown).toBe(new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', hour: 'numeric', minute: '2-digit' }).format(new Date(start!)));
  await first.check();
  await fillDetails(page, 'Kenji Sato', 'kenji@bakery.example');
  await page.getByRole('button', { name: 'Book the call' }).click();
  await expect(page.getByRole('status')).toContainText('Your call is booked for');

  await expect.poll(async () => (await invitationsTo(adminServer.dataDir, 'kenji@bakery.example')).length).toBe(1);
  const [invite] = await invitationsTo(adminServer.dataDir, 'kenji@bakery.example');
  expect(invite!.method).toBe('REQUEST');
  expect(invite!.event.start.toISOString()).toBe(start);
  expect(invite!.text).toContain('(Asia/Tokyo)');
  const link = /https?:\/\/\S+\/book\/manage\/[A-Za-z0-9_-]+/.exec(invite!.text)![0];

  await page.goto(link);
  await expect(page.getByText('Booked for')).toBeVisible();
  await page.getByRole('button', { name: 'Choose another time' }).click();
  const other = page.getByRole('radio').nth(3);
  const moved = await other.getAttribute('value');
  await other.check();
  await page.getByRole('button', { name: 'Move the call' }).click();
  await expect(page.getByRole('status')).toContainText('Your call is moved to');
  await expect.poll(async () => (await invitationsTo(adminServer.dataDir, 'kenji@bakery.example')).length).toBe(2);
  const update = (await invitationsTo(adminServer.dataDir, 'kenji@bakery.example')).find((mail) => Number(mail.event.sequence) === 1)!;
  expect(update.event.uid).toBe(invite!.event.uid);
  expect(update.event.start.toISOString()).toBe(moved);

  await page.getByRole('button', { name: 'Cancel the call' }).click();
  await expect(page.getByRole('status')).toContainText('Your call is cancelled.');
  await expect.poll(async () => (await invitationsTo(adminServer.dataDir, 'kenji@bakery.example')).length).toBe(3);
  const cancel = (await invitationsTo(adminServer.dataDir, 'kenji@bakery.example')).find((mail) => mail.method === 'CANCEL')!;
  expect(cancel.event.uid).toBe(invite!.event.uid);
  await context.close();
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('books a call as a plain form post, in the owner’s zone or the one chosen', async ({ page, adminServer }) => {
    await page.goto('/book');
    await expect(page.getByLabel('Times shown in')).toHaveValue('America/New_York');
    await page.getByLabel('Times shown in').selectOption('Europe/London');
    await page.getByRole('button', { name: 'Show times' }).click();
    await expect(page).toHaveURL(/\/book\?tz=Europe%2FLondon$/);
    const slot = page.getByRole('radio').nth(5);
    const start = await slot.getAttribute('value');
    await slot.check();
    await fillDetails(page, 'Tom Without Script', 'tom@shop.example');
    await page.getByRole('button', { name: 'Book the call' }).click();
    await expect(page).toHaveURL(/\/book\?booked=1$/);
    await expect(page.getByRole('status')).toHaveText('Your call is booked. The invitation is on its way to your inbox.');
    await expect.poll(async () => (await invitationsTo(adminServer.dataDir, 'tom@shop.example')).length).toBe(1);
    const [invite] = await invitationsTo(adminServer.dataDir, 'tom@shop.example');
    expect(invite!.event.start.toISOString()).toBe(start);
    expect(invite!.text).toContain('(Europe/London)');
  });
});
