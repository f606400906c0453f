import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { publicPagePaths } from '../../src/client/app/routes';
import { adminToken, createPost, sampleImage } from './blog-fixtures';
import { hydrated, watchConsole } from './page-watchers';

/** Every public page, plus the not-found page. */
const pages = [...publicPagePaths(), '/no-such-page'];

/** Every WCAG 2.0, 2.1 and 2.2 rule of levels A and AA: any violation of these fails, whatever its impact. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** WCAG violations of any impact, and serious or critical best-practice ones, each as "rule: target" so a failure says where to look. */
async function violationsOf(browser: Browser, path: string, viewport = { width: 1280, height: 900 }) {
  // @axe-core/playwright needs a page of a context made by browser.newContext().
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = watchConsole(page, { warnings: false, ignore: /status of 404/ });
  await page.goto(path);
  await hydrated(page);
  // One run at a time: axe refuses a second while the first is going.
  const wcag = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const practice = await new AxeBuilder({ page }).withTags(['best-practice']).analyze();
  await context.close();
  const serious = practice.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const violations = [...wcag.violations, ...serious].flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  return { violations, problems, version: wcag.testEngine.version };
}

test.describe('accessibility (axe-core)', () => {
  test('runs the current axe-core, whose WCAG 2.5.3 Label in Name rule is on', async ({ browser }) => {
    const { version } = await violationsOf(browser, '/');
    expect(version.split('.').map(Number)).toEqual([4, expect.any(Number), expect.any(Number)]);
    expect(Number(version.split('.')[1])).toBeGreaterThanOrEqual(14);
  });

  for (const path of pages) {
    test(`${path} has no violation`, async ({ browser }) => {
      const { violations, problems } = await violationsOf(browser, path);
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('a post, a tag page and a search have no violation', async ({ browser, request }) => {
    const token = await adminToken();
    const post = await createPost(request, token, {
      title: 'Accessible pictures',
      body: 'Words about pictures.\n\n![A chart of page weight](/images/share-card.png)',
      tags: 'Accessibility',
      description: 'How pictures stay accessible.',
      imageAlt: 'A blue card',
      image: await sampleImage(),
    });
    for (const path of [`/blog/${post.slug}`, '/blog/tag/accessibility', '/blog/search?q=pictures']) {
      const { violations } = await violationsOf(browser, path);
      expect([path, violations]).toEqual([path, []]);
    }
  });

  for (const path of ['/', '/packages', '/contact']) {
    test(`${path} has no violation on a 320 px screen`, async ({ browser }) => {
      const { violations } = await violationsOf(browser, path, { width: 320, height: 640 });
      expect(violations).toEqual([]);
    });
  }
});
