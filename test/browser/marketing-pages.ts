import type { Page } from '@playwright/test';

/** The public pages of spec section 2 outside the blog. */
export const marketingPaths = [
  '/',
  '/about',
  '/services',
  ...['webdevelopment', 'ecommerce', 'seo', 'maintenance', 'api', 'database', 'fullstack', 'performance', 'security', 'uiux'].map((slug) => `/services/${slug}`),
  '/portfolio',
  '/packages',
  '/contact',
  '/privacy',
  '/typography',
];

/** Resolves once React has hydrated the server's HTML, so handlers are attached. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
