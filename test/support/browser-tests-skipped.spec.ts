import { test } from '@playwright/test';
import { chromiumMissing } from './chromium';

// Listed instead of the browser tests where Chromium is missing (playwright.config.ts), so that the
// run reports them as skipped, with the reason, rather than failing on a browser it cannot start.
test.skip(`browser tests: ${chromiumMissing() ?? 'Chromium is installed'}`, () => {});
