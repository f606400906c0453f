import { expect } from '@playwright/test';
import { logIn, register, testWithAdminServer } from './admin-server';

// A server of its own whose tokens live 20 seconds: the warning comes 2 s before the end (a tenth of the life).
const TOKEN_TTL_SECONDS = 20;
const test = testWithAdminServer({ TOKEN_TTL: `${TOKEN_TTL_SECONDS}s` });

test('a lapsing token warns, logs the browser out at its expiry, and the draft being written survives', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  await logIn(page);
  const signedInAt = Date.now();
  await page.getByRole('link', { name: 'Create Blog Post' }).click();
  await page.getByLabel('Title').fill('Written as the clock ran out');
  await page.getByLabel('Body').fill('Every word of this should survive the end of the session.');

  await expect(page.getByText(/Your session is about to end/)).toBeVisible({ timeout: TOKEN_TTL_SECONDS * 1000 });
  expect(Date.now() - signedInAt).toBeGreaterThan((TOKEN_TTL_SECONDS - 5) * 1000);
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 10_000 });
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  await logIn(page);
  await page.getByRole('link', { name: 'Create Blog Post' }).click();
  await page.getByRole('button', { name: 'Restore draft' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Written as the clock ran out');
  await expect(page.getByLabel('Body')).toHaveValue('Every word of this should survive the end of the session.');
});
