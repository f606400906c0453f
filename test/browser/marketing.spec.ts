import { expect, test, type Page } from '@playwright/test';
import { publicPagePaths } from '../../src/client/app/routes';
import { hydrated, watchConsole } from './page-watchers';

const marketingPaths = publicPagePaths().filter((path) => !path.startsWith('/blog'));

/** Stops the page's clock before it loads: from then on only runFor moves time. */
async function stopClock(page: Page) {
  await page.clock.install({ time: new Date('2026-05-04T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-05-04T09:30:00Z'));
}

test.describe('contact form', () => {
  test.beforeEach(async ({ page }) => {
    // The mail app is outside the browser: record the mailto: link the page hands over.
    await page.addInitScript(() => {
      const opened: string[] = [];
      Object.defineProperty(window, '__opened', { value: opened });
      window.open = (url?: string | URL) => {
        opened.push(String(url));
        return null;
      };
    });
  });

  const opened = (page: Page) => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);

  test('prepares a mail to the agency, clears the fields and shows the message for 5 seconds', async ({ page }) => {
    await stopClock(page);
    const problems = watchConsole(page);
    await page.goto('/contact');
    await hydrated(page);
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    const message = page.getByRole('textbox', { name: 'Message', exact: true });

    // The browser's own checks hold the form back while a field is missing or malformed.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await name.fill('Maria Okafor');
    await email.fill('not-an-address');
    await message.fill('Could you build us an order form?\nWe bake from 5 am.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    expect(await opened(page)).toEqual([]);

    await email.fill('maria@bakery.example');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const links = await opened(page);
    expect(links).toHaveLength(1);
    const link = links[0]!;
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hello@larkspur.example');
    expect(url.searchParams.get('subject')).toBe('New Inquiry from Maria Okafor');
    expect(url.searchParams.get('body')).toBe('Name: Maria Okafor\r\nEmail: maria@bakery.example\r\n\r\nMessage:\r\nCould you build us an order form?\nWe bake from 5 am.');
    expect(link).not.toMatch(/[ \n]/);

    await expect(name).toHaveValue('');
    await expect(email).toHaveValue('');
    await expect(message).toHaveValue('');
    const status = page.getByRole('status').filter({ hasText: 'Your message has been prepared — check your email app.' });
    await expect(status).toBeVisible();
    await page.clock.runFor(4900);
    await expect(status).toBeVisible();
    await page.clock.runFor(200);
    await expect(status).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('works by keyboard alone, from the skip link to the prepared mail, with visible focus', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    const outline = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeInViewport();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
    expect(await outline()).not.toBe('none');
    await page.keyboard.type('Sam Lee');
    await page.keyboard.press('Tab');
    await page.keyboard.type('sam@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hello from the keyboard');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
    expect(await outline()).not.toBe('none');
    await page.keyboard.press('Enter');
    const links = await opened(page);
    expect(links).toHaveLength(1);
    expect(new URL(links[0]!).searchParams.get('subject')).toBe('New Inquiry from Sam Lee');
  });

  test('Cancel clears the fields', async ({ page }) => {
    await page.goto('/contact');
    await hydrated(page);
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    const message = page.getByRole('textbox', { name: 'Message', exact: true });
    await name.fill('Tom');
    await message.fill('A draft');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(name).toHaveValue('');
    await expect(message).toHaveValue('');
    expect(await opened(page)).toEqual([]);
  });
});

test.describe('expertise carousel', () => {
  // The slide on show is the one not hidden (the others fade out and stay out of reach).
  const visibleSlide = (page: Page) => page.locator('[aria-roledescription="slide"]:not([hidden]) h3');

  test('advances every 5 seconds, jumps with its dots and pauses on hover, focus and its control', async ({ page }) => {
    await stopClock(page);
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Expertise slideshow' });
    await expect(visibleSlide(page)).toHaveText('Web Development');
    await page.clock.runFor(5000);
    await expect(visibleSlide(page)).toHaveText('E-Commerce');
    await page.clock.runFor(5000);
    await expect(visibleSlide(page)).toHaveText('SEO');

    // Resting the pointer on it holds the slide; leaving lets it move on.
    await carousel.getByRole('heading', { name: 'SEO' }).hover();
    await page.clock.runFor(15000);
    await expect(visibleSlide(page)).toHaveText('SEO');
    await page.mouse.move(5, 5);
    await page.clock.runFor(5000);
    await expect(visibleSlide(page)).toHaveText('Maintenance & Support');

    // A dot jumps to its slide and marks itself current.
    const dot = carousel.getByRole('button', { name: 'Show slide 2: E-Commerce' });
    await dot.click();
    await expect(visibleSlide(page)).toHaveText('E-Commerce');
    await expect(dot).toHaveAttribute('aria-current', 'true');
    // Focus stays on the dot: the carousel holds still.
    await page.mouse.move(5, 5);
    await page.clock.runFor(12000);
    await expect(visibleSlide(page)).toHaveText('E-Commerce');

    // The visible control stops rotation for good, and starts it again.
    await carousel.getByRole('button', { name: 'Pause slides' }).click();
    await page.getByRole('heading', { level: 1 }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(15000);
    await expect(visibleSlide(page)).toHaveText('E-Commerce');
    await carousel.getByRole('button', { name: 'Play slides' }).click();
    await page.getByRole('heading', { level: 1 }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(5000);
    await expect(visibleSlide(page)).toHaveText('SEO');
  });

  test('does not move by itself for a visitor who prefers reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await stopClock(page);
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Expertise slideshow' });
    await expect(carousel.getByRole('button', { name: 'Play slides' })).toBeVisible();
    await page.clock.runFor(20000);
    await expect(visibleSlide(page)).toHaveText('Web Development');
    await carousel.getByRole('button', { name: 'Show slide 3: SEO' }).click();
    await expect(visibleSlide(page)).toHaveText('SEO');
    await context.close();
  });
});

test.describe('packages', () => {
  test('each checkout link opens the payment page in a new tab without access to this one', async ({ page, context }) => {
    await context.route('https://checkout.payments.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Checkout</title><p>Checkout</p>' }));
    await page.goto('/packages');
    await hydrated(page);
    const cards = page.getByRole('region', { name: 'Choose Your Package' }).getByRole('article');
    await expect(cards).toHaveCount(3);
    for (const [i, slug] of ['social-starter', 'brand-builder', 'business-pro'].entries()) {
      const link = cards.nth(i).getByRole('link', { name: /^Get Started/ });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toBe(`https://checkout.payments.example/larkspur/${slug}`);
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      await popup.close();
    }
    await expect(page).toHaveURL(/\/packages$/);
  });
});

test.describe('every marketing page', () => {
  test('hydrates without a warning and fits a 320 px screen', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    for (const path of marketingPaths) {
      await page.goto(path);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBe(0);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('images are sized, lazy below the hero, and load', async ({ page }) => {
    for (const path of ['/', '/services', '/portfolio']) {
      await page.goto(path);
      await hydrated(page);
      const images = await page.locator('main img').evaluateAll((imgs) =>
        imgs.map((img) => {
          const image = img as HTMLImageElement;
          return { src: image.currentSrc || image.src, width: img.getAttribute('width'), height: img.getAttribute('height'), loading: img.getAttribute('loading'), drawn: image.complete && image.naturalWidth > 0 };
        }),
      );
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.width, image.src).toMatch(/^\d+$/);
        expect(image.height, image.src).toMatch(/^\d+$/);
        // The home page's hero comes inside the page (webpack.config.js, `?inline`).
        if (image.src.startsWith('data:image/svg+xml,')) {
          expect(image.drawn, `${path}: ${image.src.slice(0, 60)}`).toBe(true);
          continue;
        }
        expect(image.src).toMatch(/\.(svg|webp|avif)$/);
        const response = await page.request.get(image.src);
        expect(response.status(), image.src).toBe(200);
      }
      expect(images.slice(1).every((image) => image.loading === 'lazy')).toBe(true);
    }
  });

  test("the home page's hero comes inside its HTML, and from its file after a route change", async ({ page }) => {
    const problems = watchConsole(page);
    const hero = page.locator('main img').first();
    await page.goto('/');
    await hydrated(page);
    expect(await hero.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    await page.goto('/about');
    await hydrated(page);
    await page.getByRole('link', { name: /home page/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(hero).toHaveAttribute('src', /^\/assets\/home-hero\.[0-9a-f]{8}\.svg$/);
    await expect.poll(() => hero.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    expect(problems).toEqual([]);
  });

  test('an unknown service answers 404 with the not-found page', async ({ request }) => {
    const response = await request.get('/services/blockchain');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  test('the share card is a 1200×630 PNG', async ({ request }) => {
    const response = await request.get('/images/share-card.png');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
