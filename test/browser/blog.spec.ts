import { expect, test } from '@playwright/test';
import type { Post } from '../../src/shared/api-types';
import { adminToken, createPost, deleteAllPosts, sampleImage, watchPostsRequests } from './blog-fixtures';
import { hydrated, watchConsole } from './page-watchers';

const featurePost = `Fast sites win customers. Press <kbd>Ctrl</kbd>+<kbd>D</kbd> to bookmark this post.

| Metric | Target |
| :--- | ---: |
| Largest Contentful Paint | 2.5 s |

Prices ~~went up~~ stayed the same.

- [x] Measure first
- [ ] Then optimise

Read https://web.dev for more, or [our services](/services) and [an external guide](https://example.com/guide).[^speed]

${'Filler paragraph to push the notes below the fold. '.repeat(40)}

${'More filler so the footnote is far from its reference. '.repeat(40)}

[^speed]: Measured on a throttled phone profile.
`;

test.describe.serial('the blog', () => {
  let token: string;
  let listPosts: Post[] = [];

  test.beforeAll(async ({ request }) => {
    token = await adminToken();
    await deleteAllPosts(request, token);
    const image = await sampleImage();
    // Twelve posts, created oldest first: the list shows the newest first.
    for (let i = 1; i <= 12; i += 1) {
      const number = String(i).padStart(2, '0');
      listPosts.push(
        await createPost(request, token, {
          title: `Paging post ${number}`,
          body: `**Post ${number}** talks about <kbd>speed</kbd> and ${'plenty of words '.repeat(30)}`,
          ...(i === 12 ? { image } : {}),
        }),
      );
    }
    listPosts = listPosts.reverse();
  });

  test('the list pages through twelve posts, five at a time, fetching only the page it shows', async ({ page }) => {
    const problems = watchConsole(page);
    const calls = watchPostsRequests(page);
    const markdownChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/markdown\./.test(request.url())) markdownChunks.push(request.url());
    });

    await page.goto('/blog');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'From the Blog' })).toBeVisible();
    await expect(page.getByText('Insights, updates, and web wisdom.')).toBeVisible();
    const titles = page.getByRole('heading', { level: 2 });
    await expect(titles).toHaveText(listPosts.slice(0, 5).map((post) => post.title));
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
    // The server's data was enough: nothing fetched again on load.
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);

    // The first card: image with its versions, the summary of 40 words without markup, Read More.
    const first = page.getByRole('article').first();
    const image = first.locator('img');
    await expect(image).toHaveAttribute('srcset', /-400\.webp 400w, .*-800\.webp 800w, .*\.webp 1600w/);
    await expect(image).toHaveAttribute('width', '1600');
    await expect(image).toHaveAttribute('height', '900');
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const summary = await first.locator('p').first().textContent();
    expect(summary).toMatch(/^Post 12 talks about speed and plenty of words/);
    expect(summary!.replace(/\.\.\.$/, '').split(/\s+/)).toHaveLength(40);
    expect(summary).toMatch(/\.\.\.$/);
    await expect(first.getByRole('link', { name: 'Read More about Paging post 12' })).toHaveAttribute('href', `/blog/${listPosts[0]!.slug}`);
    await expect(first.getByRole('link', { name: 'Read More about Paging post 12' })).toHaveText('Read More about Paging post 12');
    // The continuation is for screen readers and crawlers: on screen the link reads 'Read More'.
    const visibleText = await first.getByRole('link').evaluate((link) => {
      const clone = link.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
      return clone.textContent;
    });
    expect(visibleText).toBe('Read More');
    const hiddenBox = await first.locator('a .visually-hidden').boundingBox();
    expect(hiddenBox!.width * hiddenBox!.height).toBeLessThanOrEqual(1);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(titles).toHaveText(listPosts.slice(5, 10).map((post) => post.title));
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
    // Cards: the list never downloads a post's markdown.
    expect(calls).toEqual(['/api/posts?page=2&limit=5&view=card']);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await expect(titles).toHaveText(listPosts.slice(10).map((post) => post.title));
    await expect(page.getByText('Page 3 of 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls).toEqual(['/api/posts?page=2&limit=5&view=card', '/api/posts?page=3&limit=5&view=card']);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(titles).toHaveText(listPosts.slice(5, 10).map((post) => post.title));
    // Page 2 was cached: no new request.
    expect(calls).toHaveLength(2);

    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await expect(page.getByText('Page 3 of 3')).toBeVisible();

    expect(markdownChunks).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a page out of range shows the nearest page, and the address follows', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/blog?page=42');
    await hydrated(page);
    await expect(page.getByText('Page 3 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(listPosts.slice(10).map((post) => post.title));
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    expect(problems).toEqual([]);
  });

  test('Read More opens the post in the page, which shows Loading... until it arrives, then its stored HTML without the renderer', async ({ page }) => {
    const problems = watchConsole(page);
    const markdownChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/markdown\./.test(request.url())) markdownChunks.push(request.url());
    });
    await page.goto('/blog');
    await hydrated(page);
    // Hold the post's answer to see the page wait for it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/posts/${listPosts[1]!.slug}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Read More about Paging post 11' }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${listPosts[1]!.slug}$`));
    await expect(page.getByText('Loading...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Paging post 11' })).toBeVisible();
    await expect(page).toHaveTitle('Paging post 11 | Blog | Larkspur Web Studio');
    await expect(page.locator('.markdown kbd, [class*="markdown"] kbd').first()).toHaveText('speed');

    // The slug changes without leaving the page: it loads the other post.
    await page.evaluate((slug) => {
      window.history.pushState({}, '', `/blog/${slug}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, listPosts[2]!.slug);
    await expect(page.getByRole('heading', { level: 1, name: 'Paging post 10' })).toBeVisible();
    await expect(page).toHaveTitle('Paging post 10 | Blog | Larkspur Web Studio');

    await page.getByRole('link', { name: '← Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'From the Blog' })).toBeVisible();
    expect(problems).toEqual([]);
    // The API sent each post's HTML, rendered when it was written: no renderer was needed.
    expect(markdownChunks).toEqual([]);
  });

  test('a post shows every markdown feature, rendered on the server and hydrated without a warning or a second render', async ({ page, request }) => {
    const post = await createPost(request, token, { title: 'Every feature we support', body: featurePost, image: await sampleImage() });
    const problems = watchConsole(page);
    const calls = watchPostsRequests(page);
    const response = await page.goto(`/blog/${post.slug}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);

    await expect(page).toHaveTitle('Every feature we support | Blog | Larkspur Web Studio');
    await expect(page.getByRole('link', { name: '← Back to Blog' })).toHaveAttribute('href', '/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Every feature we support');
    const cover = page.locator('article > img');
    await expect(cover).toHaveAttribute('srcset', /-400\.webp 400w/);
    await expect(cover).toHaveAttribute('width', '1600');

    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('cell', { name: '2.5 s' })).toHaveCSS('text-align', 'right');
    await expect(page.getByText('went up')).toHaveJSProperty('tagName', 'DEL');
    await expect(page.getByRole('checkbox')).toHaveCount(2);
    await expect(page.getByRole('checkbox').first()).toBeChecked();
    await expect(page.getByText('Ctrl')).toHaveJSProperty('tagName', 'KBD');

    const autolink = page.getByRole('link', { name: 'https://web.dev' });
    await expect(autolink).toHaveAttribute('target', '_blank');
    await expect(autolink).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('link', { name: 'an external guide' })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'our services' })).not.toHaveAttribute('target');

    // The footnote link stays in the page and lands on its note.
    const reference = page.getByRole('link', { name: '1', exact: true });
    await reference.click();
    await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}#user-content-fn-speed$`));
    const note = page.locator('#user-content-fn-speed');
    await expect(note).toContainText('Measured on a throttled phone profile.');
    await expect(note).toBeInViewport();
    await note.getByRole('link', { name: /back to reference/i }).click();
    await expect(reference).toBeInViewport();

    // The body stayed as the server rendered it: the browser never downloaded the renderer.
    const chunks = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect(chunks.filter((file) => /^\/assets\/markdown\./.test(file))).toEqual([]);

    // Another post opened in the same page renders its own body with the renderer.
    await page.evaluate((slug) => {
      window.history.pushState({}, '', `/blog/${slug}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, listPosts[0]!.slug);
    await expect(page.getByRole('heading', { level: 1, name: listPosts[0]!.title })).toBeVisible();
    await expect(page.locator('article [class*="markdown"] kbd').first()).toHaveText('speed');
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('an unknown post answers 404 and says it failed', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    const response = await page.goto('/blog/this-post-does-not-exist');
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await expect(page.getByText('Failed to load the post.')).toBeVisible();
    await expect.poll(() => logged.some((text) => text.includes('Failed to load the post.'))).toBe(true);
  });

  test('the home page does not load the markdown renderer', async ({ page }) => {
    const markdownChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/markdown\./.test(request.url())) markdownChunks.push(request.url());
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(markdownChunks).toEqual([]);
  });
});
