import { expect, type Page } from '@playwright/test';
import { logIn, register, testWithAdminServer } from './admin-server';
import { watchConsole } from './page-watchers';

// Its own server, so that this suite's registration is the first one; the tests build on each other.
const test = testWithAdminServer();
test.describe.configure({ mode: 'serial' });

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const body = (page: Page) => page.getByLabel('Body');

test('write a draft, find it, preview it, schedule it and watch it appear, edit it twice and restore the first version', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page, { warnings: false });
  await register(page);
  await logIn(page);

  // A draft, found again by a word that only its body holds.
  await adminNav(page).getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/admin\/new$/);
  await expect(adminNav(page).getByRole('link', { name: 'New post' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Title').fill('Opening hours that sell');
  await body(page).fill('Customers check your hours before they visit. Quince jam makes a good example.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('searchbox', { name: 'Search posts' }).fill('quince');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?q=quince$/);
  const item = page.getByRole('listitem').filter({ hasText: 'Opening hours that sell' });
  await expect(item).toContainText('Draft');

  // The preview shows it as visitors will, under its own bar; visitors see nothing of it yet.
  await item.getByRole('link', { name: 'Preview “Opening hours that sell”' }).click();
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('draft');
  await expect(page.getByRole('heading', { level: 1, name: 'Opening hours that sell' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect((await page.request.get('/blog/opening-hours-that-sell')).status()).toBe(404);

  // Scheduled a few seconds ahead, it appears on the blog at its time, with no restart.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const posts = (await (await page.request.get('/api/posts?q=quince', { headers: { authorization: `Bearer ${token}` } })).json()) as { _id: string }[];
  const id = posts[0]!._id;
  const due = new Date(Date.now() + 4_000);
  const scheduled = await page.request.put(`/api/posts/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { title: 'Opening hours that sell', body: 'Customers check your hours before they visit. Quince jam makes a good example.', publishAt: due.toISOString() },
  });
  expect(await scheduled.json()).toMatchObject({ status: 'scheduled' });
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Opening hours that sell' })).toHaveCount(0);
  await expect(async () => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { name: 'Opening hours that sell' })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());

  // Two edits, then the first version back from the history.
  await page.goto(`/admin/edit/${id}`);
  await expect(page.getByText(/Status: Published/)).toBeVisible();
  await page.getByLabel('Title').fill('Opening hours, second take');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/edit/${id}`);
  await page.getByLabel('Title').fill('Opening hours, third take');
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/edit/${id}`);
  await page.getByRole('button', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Earlier versions, newest first' });
  await expect(versions.getByRole('listitem')).toHaveCount(3);
  await versions.getByRole('button', { name: /Opening hours that sell/ }).last().click();
  await expect(page.locator('ins, del').first()).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Opening hours that sell');
  await page.goto('/blog/opening-hours-that-sell');
  await expect(page.getByRole('heading', { level: 1, name: 'Opening hours that sell' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('one navigation through the admin pages, a toolbar whose changes undo, and sign-out from the editor', async ({ page }) => {
  // The unknown admin page answers 404, which the browser reports.
  const problems = watchConsole(page, { warnings: false, ignore: /status of 404/ });
  await logIn(page);
  await adminNav(page).getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/admin\/new$/);
  await adminNav(page).getByRole('link', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(adminNav(page).getByRole('link', { name: 'Posts' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/admin/nowhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(adminNav(page)).toBeVisible();
  await adminNav(page).getByRole('link', { name: 'New post' }).click();

  // A toolbar button and a shortcut each format the selection, and the browser's undo takes it back.
  const text = 'Fast pages keep visitors.';
  await body(page).fill(text);
  await body(page).evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(0, 4));
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
  await expect(body(page)).toHaveValue('**Fast** pages keep visitors.');
  await expect(page.getByText('4 words · 1 min read')).toBeVisible();
  await body(page).press('ControlOrMeta+z');
  await expect(body(page)).toHaveValue(text);
  await body(page).evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(5, 10));
  await body(page).press('Control+i');
  await expect(body(page)).toHaveValue('Fast _pages_ keep visitors.');
  await body(page).press('ControlOrMeta+z');
  await expect(body(page)).toHaveValue(text);

  // Leaving with unsaved changes asks first; signing out from the navigation still works.
  page.once('dialog', (dialog) => void dialog.accept());
  await adminNav(page).getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  expect(problems).toEqual([]);
});
