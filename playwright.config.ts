import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import chromiumFlags from './scripts/lib/chromium-flags.cjs';
import { CHROMIUM_PATH, chromiumMissing } from './test/support/chromium';

/**
 * Browser tests drive the built site, served by the real server on a fresh data folder, in
 * Debian's Chromium (no browser download). E2E_PORT lets several checkouts test side by side.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Made once by the runner and handed to the workers through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'agency-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
// Without Chromium the run lists one skipped test that says why, and starts no server; with
// CI_REQUIRE_TOOLS=1 the missing browser fails the run here instead.
const skipped = chromiumMissing() !== undefined;

export default defineConfig({
  ...(skipped ? { testDir: 'test/support', testMatch: 'browser-tests-skipped.spec.ts' } : { testDir: 'test/browser' }),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: skipped ? undefined : {
    command: 'node scripts/start.mjs',
    // Ready, not only alive: the server listens (answering 503) while it migrates.
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: baseURL,
      DATA_DIR: dataDir,
      // Browser tests start from an empty site: SQLite in the fresh DATA_DIR, whatever the shell says.
      DATABASE_URL: '',
      REDIS_URL: '',
      DATABASE_SCHEMA: '',
      LOG_LEVEL: 'warn',
      // Stopped at the end of the run: no load balancer to drain for.
      DRAIN_SECONDS: '0',
      TOKEN_TTL: process.env.E2E_TOKEN_TTL ?? '12h',
    },
  },
});
