import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { logIn, pngImage, register, testWithAdminServer } from './admin-server';
import { watchConsole } from './page-watchers';

// Images inside posts and large photos, end to end: the editor in Chromium, the real server.

const test = testWithAdminServer();
test.describe.configure({ mode: 'serial' });

/** Pastes a file into the body the way the clipboard hands over a copied image. */
async function pasteImage(page: Page, bytes: Buffer, name: string, type: string) {
  await page.getByLabel('Body').evaluate(
    (textarea, { data, name, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type }));
      textarea.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { data: [...bytes], name, type },
  );
}

test('pastes an image into a post, describes it, publishes it, and the post page draws it lazily and responsively', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page, { warnings: false });
  await register(page);
  await logIn(page);
  await page.goto('/admin/new');
  await page.getByLabel('Title').fill('A post with a picture');
  await page.getByLabel('Body').fill('Before the picture.');
  await pasteImage(page, await pngImage(1200, 800), 'screenshot.png', 'image/png');
  await expect(page.getByText(/screenshot\.png is uploaded/)).toBeVisible();
  await page.getByLabel('Alternative text').fill('The new shop front at dusk');
  await page.getByRole('button', { name: 'Insert into the body' }).click();
  await expect(page.getByLabel('Body')).toHaveValue(/^Before the picture\.\n\n!\[The new shop front at dusk\]\(\/uploads\/[0-9a-f]{32}\.webp#1200x800\)$/);
  // The live preview shows it at once.
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'The new shop front at dusk' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The server's HTML, before any script runs.
  const html = await (await page.request.get('/blog/a-post-with-a-picture')).text();
  expect(html).toMatch(/<img [^>]*alt="The new shop front at dusk"[^>]*loading="lazy" decoding="async" srcSet="[^"]*-400\.webp 400w, [^"]*-800\.webp 800w, [^"]*\.webp 1200w" sizes="[^"]+" width="1200" height="800"/);
  await page.goto('/blog/a-post-with-a-picture');
  const image = page.getByRole('img', { name: 'The new shop front at dusk' });
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('decoding', 'async');
  await expect(image).toHaveAttribute('width', '1200');
  await expect(image).toHaveAttribute('height', '800');
  await expect(image).toHaveAttribute('srcset', /-400\.webp 400w/);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  expect(problems).toEqual([]);
});

test('scales a 6000 × 4000 photo of over 5 MB down to 2,400 px in the browser, so it uploads', async ({ page }) => {
  test.setTimeout(120_000);
  const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
  // What the page hands to XMLHttpRequest (uploads report their progress): the file itself, measured in the page.
  await page.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const file = body instanceof FormData ? body.get('image') : null;
      if (file instanceof File) {
        void createImageBitmap(file).then((bitmap) => {
          (window as unknown as { sentImage: unknown }).sentImage = { size: file.size, type: file.type, width: bitmap.width, height: bitmap.height };
        });
      }
      send.call(this, body);
    };
  });
  await logIn(page);
  await page.goto('/admin/new');
  await page.getByLabel('Body').fill('Words.');
  // A slow uplink, as from a phone, so that the upload's progress can be seen on its way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
  await page.getByLabel('Picture file to insert').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText(/^Uploading IMG_0001\.jpg \(.+\)… ([1-9]|[1-9]\d) %$/)).toBeVisible({ timeout: 30_000 });
  expect(Number(await page.getByRole('progressbar').getAttribute('value'))).toBeGreaterThan(0);
  await expect(page.getByText(/IMG_0001\.jpg is uploaded \(\d+\.\d MB, scaled to 2,400 px wide: \d+\.\d MB; 1600 × 1067 px\)/)).toBeVisible({ timeout: 30_000 });
  const sent = await page.evaluate(() => (window as unknown as { sentImage: { size: number; type: string; width: number; height: number } }).sentImage);
  expect(sent).toEqual({ size: expect.any(Number), type: 'image/jpeg', width: 2400, height: 1600 });
  expect(sent.size).toBeLessThan(5 * 1024 * 1024);
});
