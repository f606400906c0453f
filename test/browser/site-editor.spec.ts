import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { logIn, register, testWithAdminServer } from './admin-server';

// Its own server, so that this suite's registration is the first one; the first test registers.
const test = testWithAdminServer();
test.describe.configure({ mode: 'serial' });

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const parts = (page: Page) => page.getByRole('navigation', { name: 'Parts of the site' });

/** Opens a part's form and saves what `edit` changes in it. */
async function editPart(page: Page, name: string, edit: () => Promise<void>) {
  await parts(page).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await edit();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').first()).toContainText(`${name} saved to the draft.`);
}

const NEW_QUOTE = 'They rebuilt our bakery’s site in a fortnight and the phone has not stopped ringing.';
const NEW_SEO_TEXT = 'Every SEO engagement starts with a crawl of each page you own, by hand and by machine.';

test('every part of the editor passes axe-core’s WCAG 2.2 AA rules, with its folded pages open', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  await logIn(page);
  await page.goto('/admin/site');
  for (const name of ['Settings', 'Home', 'About', 'Services', 'Packages', 'Testimonials', 'Privacy']) {
    await parts(page).getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await page.locator('form details').evaluateAll((folded) => folded.forEach((details) => ((details as HTMLDetailsElement).open = true)));
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(violations.flatMap((violation) => violation.nodes.map((node) => `${name}: ${violation.id}: ${node.target.join(' ')}`))).toEqual([]);
  }
});

test('change a price, a testimonial, the phone number and a service page through the forms, kept as the draft, then publish them to the pages, share tags and JSON-LD', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await adminNav(page).getByRole('link', { name: 'Site' }).click();
  await expect(page).toHaveURL(/\/admin\/site$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Site' })).toBeVisible();

  await editPart(page, 'Settings', async () => {
    await page.getByLabel('Phone number', { exact: true }).fill('(202) 555-0188');
    await page.getByLabel('Phone number, international').fill('+12025550188');
  });
  await editPart(page, 'Packages', async () => {
    await page.getByRole('group', { name: 'Package 2' }).getByLabel('Price per month').fill('545');
  });
  await editPart(page, 'Testimonials', async () => {
    await page.getByRole('group', { name: 'Testimonial 1' }).getByLabel('Quote').fill(NEW_QUOTE);
  });
  await editPart(page, 'Services', async () => {
    await page.locator('summary', { hasText: '/services/seo' }).click();
    const seo = page.getByRole('group', { name: /\/services\/seo/ });
    await expect(seo.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    await seo.getByLabel('Text', { exact: true }).fill(NEW_SEO_TEXT);
  });

  // Unsaved edits are not lost to a stray click: the page asks first.
  await parts(page).getByRole('button', { name: 'Home' }).click();
  await page.getByLabel('Hero heading').fill('Something not yet saved');
  page.once('dialog', (dialog) => void dialog.dismiss());
  await adminNav(page).getByRole('link', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\/admin\/site/);
  await expect(page.getByLabel('Hero heading')).toHaveValue('Something not yet saved');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(page.getByRole('status').first()).toContainText('Home reset to the default in the draft.');

  // Before publishing, a preview draws the pages with the draft, while visitors still read the live words.
  await page.getByText('Preview a page with the draft').click();
  const opening = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Packages (preview, opens in a new tab)' }).click();
  const preview = await opening;
  await expect(preview).toHaveURL(/\/admin\/site\/preview\/packages$/);
  await expect(preview.getByRole('region', { name: 'Preview' })).toContainText('Preview of unpublished changes');
  await expect(preview.getByRole('article', { name: 'Brand Builder' })).toContainText('$545');
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await structuredData(preview)).toContainEqual(expect.objectContaining({ '@type': 'Offer', name: 'Brand Builder', price: 545 }));
  // Its links stay in the preview.
  await preview.getByRole('link', { name: /home page$/ }).click();
  await expect(preview).toHaveURL(/\/admin\/site\/preview\/$/);
  await expect(preview.getByText(NEW_QUOTE)).toBeVisible();
  await expect(preview.getByRole('contentinfo').getByRole('link', { name: 'Call us at (202) 555-0188' })).toHaveAttribute('href', 'tel:+12025550188');
  await preview.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /services/i }).click();
  await preview.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SEO' }).click();
  await expect(preview).toHaveURL(/\/admin\/site\/preview\/services\/seo$/);
  await expect(preview.getByText(NEW_SEO_TEXT)).toBeVisible();
  await preview.getByRole('link', { name: 'See the live page' }).click();
  await expect(preview).toHaveURL(/\/services\/seo$/);
  await expect(preview.getByText(NEW_SEO_TEXT)).toHaveCount(0);
  await preview.goto('/packages');
  await expect(preview.getByRole('article', { name: 'Brand Builder' })).toContainText('$500');
  await preview.close();

  // Published, the changes are what visitors, link previews and search engines read.
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await expect(page.getByRole('status').first()).toContainText('Your changes are published: visitors see them now.');

  await page.goto('/packages');
  await expect(page.getByRole('article', { name: 'Brand Builder' })).toContainText('$545');
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /Brand Builder \$545/);
  expect(await structuredData(page)).toContainEqual(expect.objectContaining({ '@type': 'Offer', name: 'Brand Builder', price: 545 }));

  await page.goto('/');
  await expect(page.getByText(NEW_QUOTE)).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Call us at (202) 555-0188' })).toHaveAttribute('href', 'tel:+12025550188');
  expect(await structuredData(page)).toContainEqual(expect.objectContaining({ '@type': 'ProfessionalService', telephone: '+12025550188' }));

  await page.goto('/services/seo');
  await expect(page.getByText(NEW_SEO_TEXT)).toBeVisible();
});

/** The page's JSON-LD objects, as search engines read them. */
async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
}
