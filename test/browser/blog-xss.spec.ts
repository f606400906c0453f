import { expect, test, type Page } from '@playwright/test';
import { xssPayloadLists } from '../support/xss-corpus';
import { adminToken, createPost } from './blog-fixtures';
import { hydrated } from './page-watchers';

// Every payload of the XSS corpus (test/support/xss-corpus.ts: our generated one, the public lists
// in test/fixtures/xss, the shared lists where present), in posts opened in Chromium with a trap:
// any script that runs, any dialog, any blocked inline script fails the test.

const HOSTILE_TITLE = '</script><script>alert(1)</script>';
// Each payload goes in twice; 250 of the longest lists' keep a post well inside its 200,000 characters.
const PAYLOADS_A_POST = 250;

/** The corpus cut into posts, each named for its list and the lines it holds. */
function postsOfPayloads(): { name: string; payloads: string[] }[] {
  return xssPayloadLists().flatMap(({ name, payloads }) =>
    Array.from({ length: Math.ceil(payloads.length / PAYLOADS_A_POST) }, (_, index) => {
      const first = index * PAYLOADS_A_POST;
      const part = payloads.slice(first, first + PAYLOADS_A_POST);
      return { name: `${name} ${first + 1}-${first + part.length}`, payloads: part };
    }),
  );
}

/** The payloads, with their usual calls also pointed at the trap, so a run is noticed even when alert is not used. */
function postBody(payloads: string[]): string {
  const trapped = payloads.map((payload) => payload.replace(/\b(alert|prompt|confirm)\s*\(/g, 'window.__xssTrap('));
  return [...payloads, ...trapped].join('\n\n');
}

/** Everything that would show a script ran: the trap's calls, dialogs, uncaught errors, blocked inline code. */
async function armTrap(page: Page): Promise<string[]> {
  const ran: string[] = [];
  await page.exposeFunction('__xssTrap', (...args: unknown[]) => ran.push(`trap(${args.map(String).join(', ')})`));
  await page.addInitScript(() => {
    const trap = (name: string) => (...args: unknown[]) => (window as unknown as { __xssTrap: (...a: unknown[]) => void }).__xssTrap(name, ...args);
    Object.assign(window, { alert: trap('alert'), prompt: trap('prompt'), confirm: trap('confirm'), print: trap('print') });
    // A sanitiser miss that the Content-Security-Policy then blocked is still a miss. Plain
    // http images are blocked by img-src (https only), which is no script.
    document.addEventListener('securitypolicyviolation', (event) => {
      if (!event.violatedDirective.startsWith('img-src')) trap('csp')(event.violatedDirective, event.blockedURI, event.sample);
    });
  });
  page.on('dialog', async (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('pageerror', (error) => ran.push(`pageerror: ${error.message}`));

  return ran;
}

test.describe('posts holding XSS payloads', () => {
  let token: string;
  test.beforeAll(async () => {
    token = await adminToken();
  });

  test('the trap itself catches a script that runs and inline code the policy blocks', async ({ page }) => {
    const ran = await armTrap(page);
    await page.goto('/blog');
    await hydrated(page);
    await page.evaluate(() => window.alert('probe'));
    await page.evaluate(() => document.body.append(Object.assign(document.createElement('script'), { textContent: 'void 0' })));
    await expect.poll(() => ran.join('\n')).toContain('trap(alert, probe)');
    await expect.poll(() => ran.join('\n')).toContain('trap(csp, script-src');
  });

  for (const { name, payloads } of postsOfPayloads()) {
    test(`run no script: ${name}`, async ({ page, request }) => {
      const post = await createPost(request, token, { title: `${HOSTILE_TITLE} ${name}`, body: postBody(payloads) });
      const ran = await armTrap(page);
      const response = await page.goto(`/blog/${post.slug}`);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      // The post's own heading; payloads bring headings of their own.
      await expect(page.locator('article > header h1')).toHaveText(`${HOSTILE_TITLE} ${name}`);
      await expect(page).toHaveTitle(`${HOSTILE_TITLE} ${name} | Blog | Larkspur Web Studio`);
      await page.waitForLoadState('networkidle');
      // Hover and focus everything in the post, for handlers waiting on an event.
      const content = page.locator('article [class*="markdown"]');
      await content.evaluate((root) => {
        for (const element of root.querySelectorAll('*')) {
          for (const type of ['mouseover', 'mouseenter', 'focus', 'click', 'animationstart', 'transitionend', 'toggle']) {
            // Clicks on links would leave the page; every other element takes them.
            if (type === 'click' && element.closest('a')) continue;
            element.dispatchEvent(new Event(type, { bubbles: true }));
          }
        }
      });
      await page.waitForTimeout(300);

      const dangerous = await content.evaluate((root) => {
        const found: string[] = [];
        for (const element of root.querySelectorAll('*')) {
          if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'BASE', 'META', 'LINK', 'STYLE', 'SVG', 'MATH'].includes(element.tagName.toUpperCase())) found.push(element.tagName);
          for (const { name, value } of element.attributes) {
            if (/^on/i.test(name)) found.push(`${element.tagName}[${name}]`);
            // Browsers ignore control characters and spaces inside a scheme; so does this check.
            // eslint-disable-next-line no-control-regex -- control characters are what it removes
            const squeezed = value.replace(/[\u0000-\u0020]/g, '');
            if (/^(javascript|data|vbscript):/i.test(squeezed) && name !== 'title' && name !== 'alt') found.push(`${element.tagName}[${name}=${value}]`);
          }
        }
        return found;
      });
      expect(dangerous).toEqual([]);
      expect(ran).toEqual([]);
    });
  }
});
