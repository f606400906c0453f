import { expect, test } from '@playwright/test';
import { hydrated, watchConsole } from './page-watchers';

test.describe('navbar', () => {
  test('opens the Services dropdown and a click outside closes it', async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto('/about');
    await hydrated(page);
    const services = page.getByRole('button', { name: 'Services' });
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await services.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link')).toHaveText(['Web Development', 'E-Commerce', 'SEO', 'Maintenance']);
    await page.getByRole('heading', { level: 1 }).click();
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    await services.click();
    await menu.getByRole('link', { name: 'SEO' }).click();
    await expect(page).toHaveURL(/\/services\/seo$/);
    await expect(menu).toBeHidden();
    expect(problems).toEqual([]);
  });

  test('on a phone, the toggle opens the menu', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto('/');
    await hydrated(page);
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
    await expect(about).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(about).toBeVisible();
    await page.mouse.click(180, 600);
    await expect(about).toBeHidden();
    await context.close();
  });

  test('takes the scrolled style past 10 px, hides scrolling down past 50 px, returns on the way up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/not-a-page-but-long-enough');
    await hydrated(page);
    // Give the page room to scroll whatever its content.
    await page.evaluate(() => document.body.style.setProperty('min-height', '4000px'));
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 30));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveAttribute('data-hidden', 'false');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toHaveAttribute('data-hidden', 'false');
  });
});

test.describe('footer', () => {
  test('links Home, Services, Blog and Privacy, and the logo leads to sign-in', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation', { name: 'Footer' }).getByRole('link')).toHaveText(['Home', 'Services', 'Blog', 'Privacy']);
    await footer.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await page.getByRole('contentinfo').getByRole('link', { name: /administrator sign-in/ }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('Home scrolls back to the top when already home', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => document.body.style.setProperty('min-height', '4000px'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Home' }).click();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    await page.evaluate(() => document.body.style.setProperty('min-height', '4000px'));
    await page.evaluate(() => window.scrollTo(0, 3000));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('without JavaScript', () => {
  for (const path of ['/', '/about', '/services/seo', '/packages', '/blog']) {
    test(`the HTML of ${path} carries its title, description and canonical link`, async ({ request, baseURL }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<title>[^<]+ \| Larkspur Web Studio<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
    });
  }

  test('an unknown path answers 404 with the not-found page', async ({ request }) => {
    const response = await request.get('/this/does/not/exist');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });
});
