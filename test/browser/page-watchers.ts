import type { Page } from '@playwright/test';

export interface ConsoleWatch {
  /** Count console warnings too (React reports a hydration mismatch as one); on by default. */
  warnings?: boolean;
  /** Console messages the test expects, such as the failed request behind a 404 page. */
  ignore?: RegExp;
}

/** What fails a test from now on: console errors (and warnings) and uncaught exceptions. */
export function watchConsole(page: Page, { warnings = true, ignore }: ConsoleWatch = {}): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const counted = message.type() === 'error' || (warnings && message.type() === 'warning');
    if (counted && !ignore?.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Resolves once React has hydrated the server's HTML, so the page's handlers are attached. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
