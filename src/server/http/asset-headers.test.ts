import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { removeDataDir, testConfig } from '../../../test/support/test-config';
import { buildApp } from '../app';
import type { Config } from '../config';

// The bundle's files carry only the headers that act on a script or a style: every first load
// fetches several of them, and a document's policies on each weighed some 700 bytes.
let app: FastifyInstance;
let config: Config;

beforeAll(async () => {
  const clientDir = fs.mkdtempSync(path.join(testConfig().dataDir, 'client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'main.0123abcd.js'), 'console.log("hello");\n');
  config = testConfig({ CLIENT_DIR: clientDir });
  app = await buildApp(config);
});

afterAll(async () => {
  await app.close();
  removeDataDir(config);
});

it('sends a hashed script with no document policy, cached for good', async () => {
  const response = await app.inject({ method: 'GET', url: '/assets/main.0123abcd.js' });
  expect(response.statusCode).toBe(200);
  expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': expect.stringContaining('immutable') });
  for (const name of ['cross-origin-resource-policy', 'content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy', 'etag', 'last-modified']) {
    expect([name, response.headers[name]]).toEqual([name, undefined]);
  }
});

it('keeps every policy on pages', async () => {
  const response = await app.inject({ method: 'GET', url: '/' });
  expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
});
