import { expect, type Page } from '@playwright/test';
import { logIn, pngImage, register, testWithAdminServer } from './admin-server';
import { hydrated } from './page-watchers';

// Every admin and account page at 320 CSS pixels, the narrowest phone the site supports: nothing
// may make the page scroll sideways. Its own server (messages are stored for the inbox), the
// tests in order: the first registers the owner.
const test = testWithAdminServer({ CONTACT_DELIVERY: 'server' });
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 320, height: 640 } });

const NARROW = 320;

/** The page's width as it scrolls, and what sticks out past the screen's right edge when it is too wide. */
async function overflow(page: Page): Promise<{ width: number; outside: string[] }> {
  return page.evaluate((narrow) => {
    const width = document.scrollingElement!.scrollWidth;
    if (width <= narrow) return { width, outside: [] };
    const name = (element: Element, right: number) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ${Math.round(right)}px`;
    const boxes = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > narrow + 0.5).map((element) => name(element, element.getBoundingClientRect().right));
    // Text can run past a box that fits (a long word, an address): its parent is named.
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      range.selectNodeContents(node);
      const right = range.getBoundingClientRect().right;
      if (right > narrow + 0.5) texts.push(`text in ${name(node.parentElement!, right)}`);
    }
    return { width, outside: [...boxes, ...texts].slice(0, 12) };
  }, NARROW);
}

/** Soft: one run names every page that is too wide, and what in it sticks out. */
async function fitsNarrow(page: Page, what: string) {
  const { width, outside } = await overflow(page);
  expect.soft({ what, width, outside }).toEqual({ what, width: expect.any(Number), outside: [] });
  expect.soft(width, what).toBeLessThanOrEqual(NARROW);
}

/** A post long of word and title, an image and tags, and a scheduled one: what makes a card wide. */
async function makePosts(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const long = await page.request.post('/api/posts', {
    headers,
    multipart: {
      title: 'Internationalisation of a bakery’s ordering system, explained step by step',
      body: '## Why it matters\n\nhttps://example.com/a-very-long-address-without-any-break-in-it-at-all-whatsoever\n\n| a | b | c | d |\n| - | - | - | - |\n| 1 | 2 | 3 | 4 |',
      tags: 'Internationalisation, Small Business, Performance',
      description: 'A long description of a post that goes on and on.',
      image: { name: 'wide.png', mimeType: 'image/png', buffer: await pngImage(1600, 400) },
    },
  });
  expect(long.status()).toBe(201);
  const scheduled = await page.request.post('/api/posts', {
    headers,
    multipart: { title: 'Coming later', body: 'Soon.', publishAt: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString() },
  });
  expect(scheduled.status()).toBe(201);
  return ((await long.json()) as { _id: string })._id;
}

test('the account pages fit 320 px: register, log in, forgot and reset password', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await fitsNarrow(page, 'register');
  await register(page);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await fitsNarrow(page, 'login');
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await fitsNarrow(page, 'forgot password');
  await page.goto('/reset-password/a-token-of-no-account-at-all');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await fitsNarrow(page, 'reset password');
});

test('the signed-in pages fit 320 px: dashboard, editor, preview, inbox and a message, insights, security', async ({ page }) => {
  // A message for the inbox, sent as a person sends it.
  await page.goto('/contact');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Maria Fernández-Oyelaran of the Harbourline Bakery');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('maria.fernandez-oyelaran@harbourline-bakery.example');
  await form.getByRole('textbox', { name: 'Message', exact: true }).fill('We would like an online order form: https://harbourline-bakery.example/orders/wholesale-and-retail');
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you');

  await logIn(page);
  const id = await makePosts(page);

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 3, name: /Internationalisation/ })).toBeVisible();
  await expect(page.getByText(/^Scheduled for/)).toBeVisible();
  await fitsNarrow(page, 'dashboard');

  await page.goto('/admin/new');
  await expect(page.getByLabel('Title')).toBeVisible();
  await fitsNarrow(page, 'new post');

  await page.goto(`/admin/edit/${id}`);
  await expect(page.getByLabel('Title')).toHaveValue(/Internationalisation/);
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('table')).toBeVisible();
  await fitsNarrow(page, 'edit post');

  await page.goto(`/admin/preview/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /Internationalisation/ })).toBeVisible();
  await fitsNarrow(page, 'preview');

  await page.goto('/admin/inbox');
  const list = page.getByRole('list', { name: 'Inbox messages, newest first' });
  await expect(list.getByRole('button')).toHaveCount(1);
  await fitsNarrow(page, 'inbox');
  await list.getByRole('button').first().click();
  await expect(page.getByRole('article')).toContainText('online order form');
  await fitsNarrow(page, 'inbox message');

  await page.goto('/admin/insights');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await fitsNarrow(page, 'insights');

  await page.goto('/admin/security');
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  await fitsNarrow(page, 'security');
});

test('the editor’s preview draws the post’s own headings as the post page does, not as its label', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page);
  await page.goto('/admin/new');
  await page.getByLabel('Body').fill('## A section of the post\n\nSome words.');
  const preview = page.getByRole('region', { name: 'Preview' });
  const own = preview.getByRole('heading', { level: 2, name: 'A section of the post' });
  await expect(own).toBeVisible();
  const style = (heading: typeof own) => heading.evaluate((element) => ({ transform: getComputedStyle(element).textTransform, size: parseFloat(getComputedStyle(element).fontSize) }));
  const label = await style(preview.getByRole('heading', { level: 2, name: 'Preview', exact: true }));
  const heading = await style(own);
  expect(label.transform).toBe('uppercase');
  expect(heading.transform).toBe('none');
  expect(heading.size).toBeGreaterThan(label.size);
});
