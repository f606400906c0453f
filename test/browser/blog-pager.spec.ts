import { expect, test } from '@playwright/test';
import { adminToken, createPost, deleteAllPosts, hydrated, watchConsole } from './blog-fixtures';

// The blog's page lives in the address: the browser's own back and forward buttons move the pager.

const POSTS = 12;
const PAGE_SIZE = 5;
const pageCount = Math.ceil(POSTS / PAGE_SIZE);

test.describe.serial('the blog pager and the browser history', () => {
  test.beforeAll(async ({ request }) => {
    const token = await adminToken();
    await deleteAllPosts(request, token);
    for (let i = 1; i <= POSTS; i += 1) {
      await createPost(request, token, { title: `History post ${String(i).padStart(2, '0')}`, body: `Post ${i} of the history test.` });
    }
  });

  test('Next, then Back, shows the page the address returned to', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/blog?page=2');
    await hydrated(page);
    await expect(page.getByText(`Page 2 of ${pageCount}`)).toBeVisible();
    const titles = page.getByRole('heading', { level: 2 });
    const pageTwo = await titles.allTextContents();
    expect(pageTwo).toHaveLength(PAGE_SIZE);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await expect(page.getByText(`Page 3 of ${pageCount}`)).toBeVisible();
    await expect(titles).not.toHaveText(pageTwo);

    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByText(`Page 2 of ${pageCount}`)).toBeVisible();
    await expect(titles).toHaveText(pageTwo);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await page.goForward();
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await expect(page.getByText(`Page 3 of ${pageCount}`)).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('without JavaScript, Next leads page by page from /blog to the oldest post', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    await expect(page.getByText(`Page 1 of ${pageCount}`)).toBeVisible();
    for (let shown = 2; shown <= pageCount; shown += 1) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(new RegExp(`/blog\\?page=${shown}$`));
      await expect(page.getByText(`Page ${shown} of ${pageCount}`)).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('link', { name: 'Read More about History post 01' }).click();
    await expect(page).toHaveURL(/\/blog\/history-post-01$/);
    await expect(page.getByRole('heading', { level: 1, name: 'History post 01' })).toBeVisible();
    // And back towards the newest, the same way.
    await page.goto(`/blog?page=${pageCount}`);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog\\?page=${pageCount - 1}$`));
    await context.close();
  });
});
