import path from 'node:path';
import { expect } from '@playwright/test';
import { logIn, register, testWithAdminServer } from './admin-server';

const test = testWithAdminServer();
const fixtures = path.join(__dirname, '../fixtures/import');

test('imports a WordPress export with its uploads folder; an old permalink lands on the post with its images', async ({ page }) => {
  test.setTimeout(90_000);
  await register(page);
  await logIn(page);
  await page.goto('/admin/import');
  await page.getByLabel('Export file').setInputFiles(path.join(fixtures, 'wordpress-export.xml'));
  await page.getByLabel('Uploads folder as a zip (optional)').setInputFiles(path.join(fixtures, 'wordpress-uploads.zip'));
  await page.getByRole('button', { name: 'Check the export' }).click();
  const report = page.getByRole('region', { name: 'What the WordPress export holds' });
  await expect(report).toContainText('2 published posts');
  await expect(report).toContainText('[gallery]');
  await page.getByRole('button', { name: 'Import 3 posts' }).click();
  const done = page.getByRole('region', { name: 'Import finished' });
  await expect(done).toContainText('3 imported', { timeout: 30_000 });

  await page.goto('/2024/03/12/launching-the-bakery-website/');
  await expect(page).toHaveURL(/\/blog\/launching-the-bakery-website$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Launching the bakery website' })).toBeVisible();
  const inText = page.getByRole('img', { name: 'The bakery storefront' });
  await expect(inText).toBeVisible();
  expect(await inText.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const featured = page.locator('main img[src*="/uploads/"]').first();
  await expect(featured).toBeVisible();
  expect(await featured.evaluate((image: HTMLImageElement) => image.naturalWidth > 0)).toBe(true);
  await page.goto('/?p=7');
  await expect(page).toHaveURL(/\/blog\/five-seo-fixes$/);
});
