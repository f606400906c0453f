import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { logIn, pngImage, register, testWithAdminServer } from './admin-server';
import { watchConsole } from './page-watchers';

// Its own server: the suite registers the owner, and its case study changes the home page.
const test = testWithAdminServer();

test('the owner writes a case study with a cover, features it, and visitors find it on home and its own page', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page, { warnings: false });
  await register(page);
  await logIn(page);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Case studies' }).click();
  await expect(page).toHaveURL(/\/admin\/case-studies$/);
  await page.getByRole('link', { name: 'New case study' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New case study' })).toBeFocused();
  await page.getByLabel('Title').fill('Oakwood Garden Centre');
  await page.getByLabel('Client').fill('Family-run garden centre');
  await page.getByLabel('Sector').fill('Retail');
  await page.getByLabel('Summary').fill('An online shop with click-and-collect that sold out the spring bulbs in a week.');
  await page.getByLabel('Text', { exact: true }).fill('## The challenge\n\nCustomers wanted to order before driving over.');
  await page.getByLabel('Cover image', { exact: true }).setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: await pngImage(1200, 900) });
  await expect(page.getByRole('img', { name: 'The cover chosen' })).toBeVisible();
  await page.getByLabel('Cover image alt text').fill('The garden centre’s shop page with seed packets');
  await page.getByLabel('Live site address').fill('https://oakwood-garden.example');
  await page.getByRole('button', { name: 'Add a result' }).click();
  await page.getByRole('group', { name: 'Result 1' }).getByLabel('Label').fill('Orders in the first month');
  await page.getByRole('group', { name: 'Result 1' }).getByLabel('Value').fill('640');
  await page.getByLabel(/^Published/).check();
  await page.getByRole('button', { name: 'Save case study' }).click();
  await expect(page).toHaveURL(/\/admin\/case-studies\/edit\//);
  await expect(page.getByText('Saved and published.')).toBeVisible();

  await page.getByRole('link', { name: 'All case studies' }).click();
  const tile3 = page.getByLabel('Tile 3');
  await tile3.selectOption({ label: 'Oakwood Garden Centre' });
  await page.getByRole('button', { name: /^Up\W+tile 3 to tile 2$/ }).click();
  await page.getByRole('button', { name: 'Save featured' }).click();
  await expect(page.getByText(/Featured case studies saved/)).toBeVisible();
  expect(await new AxeBuilder({ page }).analyze().then((result) => result.violations.map((violation) => violation.id))).toEqual([]);

  // The visitor's view, rendered by the server: the tile second on home, linking to its page and the live site.
  await page.goto('/');
  const work = page.getByRole('region', { name: 'Recent Work' });
  await expect(work.getByRole('article').nth(1).getByRole('heading')).toHaveText('Oakwood Garden Centre');
  await expect(work.getByRole('link', { name: /^Visit the live site of Oakwood Garden Centre/ })).toHaveAttribute('href', 'https://oakwood-garden.example');
  await work.getByRole('link', { name: /^Read the case study\W+Oakwood Garden Centre/ }).click();
  await expect(page).toHaveURL(/\/portfolio\/oakwood-garden-centre$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Oakwood Garden Centre' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The garden centre’s shop page with seed packets' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The challenge' })).toBeVisible();

  const served = await page.request.get('/portfolio/oakwood-garden-centre');
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain('<title>Oakwood Garden Centre | Portfolio |');
  expect(html).toContain('"@type":"CreativeWork"');
  expect(html).toContain('"@type":"BreadcrumbList"');
  expect(html).toMatch(/<meta property="og:image" content="[^"]*\/uploads\/[0-9a-f]{32}\.webp"/);
  await page.goto('/portfolio');
  await expect(page.getByRole('region', { name: 'All case studies' }).getByRole('link', { name: 'Oakwood Garden Centre' })).toBeVisible();
  expect((await page.request.get('/sitemap.xml').then((response) => response.text())).includes('/portfolio/oakwood-garden-centre')).toBe(true);
  expect(problems).toEqual([]);
});
