import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser } from '@playwright/test';
import { publicPagePaths } from '../../src/client/app/routes';
import { hydrated, watchConsole } from './page-watchers';

/** Every public page, plus the not-found page. */
const pages = [...publicPagePaths(), '/no-such-page'];

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Serious and critical violations, each as "rule: target" so a failure says where to look. */
async function seriousViolations(browser: Browser, path: string, viewport = { width: 1280, height: 900 }) {
  // @axe-core/playwright needs a page of a context made by browser.newContext().
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = watchConsole(page, { warnings: false, ignore: /status of 404/ });
  await page.goto(path);
  await hydrated(page);
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  await context.close();
  const violations = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  return { violations, problems };
}

test.describe('accessibility (axe-core)', () => {
  for (const path of pages) {
    test(`${path} has no serious or critical violation`, async ({ browser }) => {
      const { violations, problems } = await seriousViolations(browser, path);
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  for (const path of ['/', '/packages', '/contact']) {
    test(`${path} has no serious or critical violation on a 320 px screen`, async ({ browser }) => {
      const { violations } = await seriousViolations(browser, path, { width: 320, height: 640 });
      expect(violations).toEqual([]);
    });
  }
});
