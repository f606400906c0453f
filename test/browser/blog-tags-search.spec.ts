import { expect, type Page } from '@playwright/test';
import { logIn, register, testWithAdminServer } from './admin-server';
import { hydrated, watchConsole } from './page-watchers';

// Its own server, so that this suite's registration is the first one; the tests build on each other.
const test = testWithAdminServer();
test.describe.configure({ mode: 'serial' });

const TAGGED_TITLE = 'Notes from the quince orchard';
// A word only this post's body holds: neither a title, a description nor a tag carries it.
const BODY_ONLY_WORD = 'bergamot';

const cardTitles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 });

test('the owner tags a post in the editor', async ({ page }) => {
  const problems = watchConsole(page, { warnings: false });
  await register(page);
  await logIn(page);
  await page.goto('/admin/new');
  await page.getByLabel('Title').fill(TAGGED_TITLE);
  await page.getByLabel('Body').fill(`The trees came from a neighbour. A ${BODY_ONLY_WORD} hedge keeps the wind off them.`);
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.fill('Orchards');
  await tags.press('Enter');
  await tags.fill('Seasons,');
  await expect(page.getByRole('list', { name: 'Tags of this post' }).getByRole('listitem')).toHaveText(['Orchards×', 'Seasons×']);
  await page.getByRole('button', { name: 'Remove tag Seasons' }).click();
  await expect(page.getByRole('button', { name: 'Remove tag Seasons' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const post = (await (await page.request.get('/api/posts/notes-from-the-quince-orchard')).json()) as { tags: string[] };
  expect(post.tags).toEqual(['Orchards']);

  // Five more posts under the same tag, newer: the tag's page needs two pages of five.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  for (let i = 1; i <= 5; i += 1) {
    const response = await page.request.post('/api/posts', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { title: `Orchard diary ${i}`, body: `Pruning, day ${i}.`, tags: 'Orchards, Diary' },
    });
    expect(response.status()).toBe(201);
  }
  expect(problems).toEqual([]);
});

test('a visitor follows the tag from a card to the tag page and its second page', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/blog');
  await hydrated(page);
  const newest = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Orchard diary 5' }) });
  await expect(newest.getByText(/^\d+ min read$/)).toBeVisible();
  await newest.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Orchards' }).click();

  await expect(page).toHaveURL(/\/blog\/tag\/orchards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Posts tagged “Orchards”' })).toBeVisible();
  await expect(page).toHaveTitle('Orchards | Blog | Larkspur Web Studio');
  await expect(cardTitles(page)).toHaveText(['Orchard diary 5', 'Orchard diary 4', 'Orchard diary 3', 'Orchard diary 2', 'Orchard diary 1']);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/blog\/tag\/orchards\?page=2$/);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(cardTitles(page)).toHaveText([TAGGED_TITLE]);

  // The second page as the server renders it, for a visitor arriving there.
  await page.reload();
  await expect(cardTitles(page)).toHaveText([TAGGED_TITLE]);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/tag\/orchards\?page=2$/);
  expect((await page.request.get('/blog/tag/no-such-tag')).status()).toBe(404);
  expect(problems).toEqual([]);
});

test('a visitor searches a word only a post’s body holds and opens the result', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/blog');
  await hydrated(page);
  const box = page.getByRole('searchbox', { name: 'Search the blog' });
  await box.fill(BODY_ONLY_WORD);
  await box.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/blog/search\\?q=${BODY_ONLY_WORD}$`));
  await expect(page.getByText('1 post matches "bergamot".')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search the blog' })).toHaveValue(BODY_ONLY_WORD);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const result = page.getByRole('article').filter({ has: page.getByRole('link', { name: TAGGED_TITLE }) });
  await expect(result.locator('mark')).toHaveText([BODY_ONLY_WORD]);
  await result.getByRole('link', { name: TAGGED_TITLE }).click();

  await expect(page).toHaveURL(/\/blog\/notes-from-the-quince-orchard$/);
  await expect(page.getByRole('heading', { level: 1, name: TAGGED_TITLE })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Orchards' })).toHaveAttribute('href', '/blog/tag/orchards');
  await expect(page.getByRole('region', { name: 'Related posts' }).getByRole('link')).toHaveCount(3);

  // Nothing found, said so; and the same search works as a plain form without the app's script.
  await page.goto('/blog/search?q=xylophone');
  await expect(page.getByText('No posts match "xylophone".')).toBeVisible();
  const plain = await (await page.request.get(`/blog/search?q=${BODY_ONLY_WORD}`)).text();
  expect(plain).toContain(`<mark>${BODY_ONLY_WORD}</mark>`);
  expect(problems).toEqual([]);
});
