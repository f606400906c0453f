import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The admin suites run against servers of their own, started from the build that the shared
 * server of playwright.config.ts has just made: a fresh data folder, so that the suite's own
 * registration is the first (the server closes registration after one account), and a
 * TOKEN_TTL of the suite's choosing.
 */
const root = path.resolve(__dirname, '../..');

export interface AdminServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nobody listens on now, so that checkouts testing side by side never meet. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The suite's `test`: its pages and requests go to a server of its own, started once per worker. */
/**
 * `hostname` 'localhost' serves the site as http://localhost:<port>: WebAuthn takes its relying
 * party from the host, and an IP address cannot be one.
 */
export function testWithAdminServer(env: Record<string, string> = {}, { hostname = '127.0.0.1' }: { hostname?: string } = {}) {
  return base.extend<object, { adminServer: AdminServer }>({
    adminServer: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startAdminServer(await freePort(), env, hostname);
        await use(server);
        await server.stop();
      },
      { scope: 'worker' },
    ],
    baseURL: async ({ adminServer }, use) => use(adminServer.baseUrl),
  });
}

async function startAdminServer(port: number, env: Record<string, string>, hostname: string): Promise<AdminServer> {
  const baseUrl = `http://${hostname}:${port}`;
  const healthUrl = `http://127.0.0.1:${port}/readyz`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-e2e-admin-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATABASE_SCHEMA: '', PORT: String(port), HOST: '127.0.0.1', SITE_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The admin test server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(healthUrl)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 150) throw new Error('The admin test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const OWNER = { email: 'owner@larkspur.example', password: 'lighthouse keeper at dawn' };

/** API calls a page makes, as "METHOD /path". */
export function watchApi(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

export async function logIn(page: Page, { email, password } = OWNER) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
}

export async function register(page: Page, { email, password } = OWNER) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account created. You can now log in.' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

export const pngImage = (width = 1200, height = 675) =>
  sharp({ create: { width, height, channels: 3, background: { r: 47, g: 111, b: 214 } } })
    .png()
    .toBuffer();

/** A token the client reads as this user's, whatever its signature: the client judges by exp alone. */
export function craftedToken(payload: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}
