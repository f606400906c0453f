import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { craftedToken, logIn, OWNER, pngImage, register, testWithAdminServer, watchApi } from './admin-server';
import { watchConsole } from './page-watchers';

// Its own server, so that this suite's registration is the first one; the tests build on each other.
const test = testWithAdminServer();
test.describe.configure({ mode: 'serial' });

test('register, log in, publish with an image, see it on the blog, edit it, delete it, log out', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page, { warnings: false });
  await register(page);
  await logIn(page);
  await expect(page.getByText('No posts yet.')).toBeVisible();

  await page.getByRole('link', { name: 'Create Blog Post' }).click();
  await expect(page).toHaveURL(/\/admin\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByLabel('Title').fill('Launching our new site');
  await page.getByLabel('Body').fill('We rebuilt everything.\nIt is faster now.\n\n| Before | After |\n| --- | --- |\n| 4.1 s | 1.2 s |');
  await page.getByLabel('Image (optional)').setInputFiles({ name: 'launch.png', mimeType: 'image/png', buffer: await pngImage() });
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('table')).toBeVisible();
  await expect(preview.getByText('It is faster now.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const item = page.getByRole('listitem').filter({ hasText: 'Launching our new site' });
  await expect(item).toBeVisible();
  await expect(item.getByText(/^Created: \w+ \d{1,2}, \d{4}$/)).toBeVisible();

  // The visitor's view: the blog list and the post, rendered by the server.
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Launching our new site' })).toBeVisible();
  await page.goto('/blog/launching-our-new-site');
  await expect(page.getByRole('heading', { level: 1, name: 'Launching our new site' })).toBeVisible();
  await expect(page.getByText('We rebuilt everything.', { exact: true })).toBeVisible();
  await expect(page.getByText('It is faster now.', { exact: true })).toBeVisible();
  await expect(page.locator('main img[src*="/uploads/"]').first()).toBeVisible();

  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Edit “Launching our new site”' }).click();
  await expect(page).toHaveURL(/\/admin\/edit\//);
  await expect(page.getByRole('img', { name: 'Current image of the post' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Launching our new site');
  await page.getByLabel('Title').fill('Our new site is live');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Our new site is live' })).toBeVisible();
  await page.goto('/blog/launching-our-new-site');
  await expect(page.getByRole('heading', { level: 1, name: 'Our new site is live' })).toBeVisible();

  await page.goto('/admin/dashboard');
  const dialogs: string[] = [];
  page.once('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Delete “Our new site is live”' }).click();
  await expect(page.getByRole('heading', { name: 'Our new site is live' })).toHaveCount(0);
  expect(dialogs).toEqual(['confirm: Are you sure you want to delete this post?']);
  const gone = await page.request.get('/blog/launching-our-new-site');
  expect(gone.status()).toBe(404);

  // The dashboard's own Log Out, beside its greeting (the admin navigation has one too).
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const ended = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
  await page.getByRole('main').getByRole('button', { name: 'Log Out' }).and(page.locator(':not(nav *)')).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // It ended the token on the server too: the same token is refused from then on.
  expect((await ended).status()).toBe(204);
  expect((await page.request.get('/api/post-counts', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(problems).toEqual([]);
});

test('admin and account pages are sent with X-Robots-Tag noindex', async ({ request }) => {
  for (const path of ['/admin/login', '/register', '/admin/register', '/forgot-password', '/reset-password/abc', '/admin/dashboard', '/admin/new', '/admin/edit/abc']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['x-robots-tag'], path).toContain('noindex');
  }
});

test('a wrong password is refused in red with the server’s message', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('not my password at all');
  await page.getByRole('button', { name: 'Log In' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Invalid email or password.');
  await expect(alert).toHaveCSS('color', 'rgb(185, 28, 28)');
});

test('the guard sends a visit without a token to the login page, replacing the history entry, without fetching posts', async ({ page }) => {
  const calls = watchApi(page);
  await page.goto('/blog');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(calls.filter((call) => call.startsWith('GET /api/posts'))).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL(/\/blog$/);
});

test('the guard logs out an expired token and goes to the login page', async ({ page }) => {
  await page.goto('/blog');
  const issued = Math.floor(Date.now() / 1000) - 7200;
  const expired = craftedToken({ sub: 'x', email: OWNER.email, iat: issued, exp: issued + 3600, ver: 0 });
  await page.evaluate((token) => window.localStorage.setItem('token', token), expired);
  const calls = watchApi(page);
  await page.goto('/admin/new');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // The blog page left behind may send its visit's Web Vitals as it goes (insights), and the login
  // page asks for a passkey as it loads (the browser offers it on the first touch of the e-mail
  // field); nothing else.
  expect(calls.filter((call) => call !== 'POST /api/events' && call !== 'POST /api/auth/passkey/options')).toEqual([]);
});

test('reset with mismatched passwords says so and sends nothing', async ({ page }) => {
  const calls = watchApi(page);
  await page.goto('/reset-password/some-token-from-a-mail');
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Confirm new password').fill('a brand new passphrasf');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  expect(calls).toEqual([]);
});

test('logging out in one tab logs out the others; a public page stays where it is', async ({ context }) => {
  const first = await context.newPage();
  await logIn(first);
  const second = await context.newPage();
  await second.goto('/admin/new');
  await expect(second.getByLabel('Title')).toBeVisible();
  const reader = await context.newPage();
  await reader.goto('/about');

  await first.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(first).toHaveURL(/\/admin\/login$/);
  await expect(second).toHaveURL(/\/admin\/login$/);
  await expect(reader).toHaveURL(/\/about$/);

  // Signing in again in one tab signs in the others: the second tab, left on the login page, moves on by itself.
  await logIn(first);
  await expect(second).toHaveURL(/\/admin\/dashboard$/);
  await expect(second.getByText(`Welcome, ${OWNER.email}`)).toBeVisible();
});

test('every admin page is usable from 320 px and has no axe violations', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  const check = async (path: string, ready: string) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await check('/admin/login', 'Administrator login');
  await check('/register', 'Register');
  await check('/forgot-password', 'Forgot password');
  await check('/reset-password/token', 'Reset password');
  await logIn(page);
  await check('/admin/dashboard', 'Dashboard');
  await check('/admin/new', 'Create post');
  await context.close();
});
