import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { engines } from '../support/engines';
import { removeDataDir, testConfig } from '../support/test-config';

/** Every route Fastify is given, whichever plugin adds it: collected as the app is built. */
const mockRoutes: { method: string; url: string }[] = [];
jest.mock('fastify', () => {
  const actual = jest.requireActual<typeof import('fastify')>('fastify');
  const real = actual.default;
  const collecting = ((options: Parameters<typeof real>[0]) => {
    const app = real(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) mockRoutes.push({ method, url: route.url });
    });
    return app;
  }) as typeof real;
  return Object.assign(collecting, actual, { default: collecting, fastify: collecting });
});

type Operation = { responses?: Record<string, unknown>; security?: unknown[] };
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

const validatorCli = path.join(path.dirname(require.resolve('@seriousme/openapi-schema-validator/package.json')), 'bin/validate-api-cli.js');
/** The validator is ESM that finds its schemas through import.meta: run as Node runs it. */
async function validate(document: unknown, dir: string): Promise<{ valid: boolean; errors?: unknown }> {
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(document));
  const { stdout } = await promisify(execFile)(process.execPath, [validatorCli, file]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  return JSON.parse(stdout) as { valid: boolean; errors?: unknown };
}

/** `/api/posts/:slug` as OpenAPI writes it: `/api/posts/{slug}`. */
const asOpenApiPath = (url: string) => url.replace(/\/$/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
/**
 * A path's shape whatever its parameters are called: OpenAPI takes `/posts/{slug}` and
 * `/posts/{id}` for one path, so the document names such a parameter once.
 */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
/** The API's JSON 404 for paths no endpoint takes: not an endpoint itself. */
const isCatchAll = (url: string) => url === '/api' || url === '/api/' || url.endsWith('*');

describe.each(engines())('the OpenAPI document on $name', ({ env }) => {
  let app: FastifyInstance;
  let config: Config;
  let document: OpenApi;

  beforeAll(async () => {
    mockRoutes.length = 0;
    // With contact messages through the server, every route of the API exists.
    config = testConfig({ ...env, CONTACT_DELIVERY: 'server' });
    app = await buildApp(config);
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    document = response.json<OpenApi>();
  });
  afterAll(async () => {
    await app.close();
    removeDataDir(config);
  });

  it('is OpenAPI 3.1 that a validator accepts', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(document, config.dataDir);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('is public and cacheable, and compressed for clients that take it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('documents every method and path of the API Fastify knows', () => {
    const api = mockRoutes.filter(({ method, url }) => (url === '/api' || url.startsWith('/api/')) && !isCatchAll(url) && method !== 'HEAD');
    expect(api.length).toBeGreaterThan(40);
    const documented = new Set(Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${shape(path)}`)));
    const missing = api.map(({ method, url }) => `${method} ${shape(asOpenApiPath(url))}`).filter((operation) => !documented.has(operation));
    expect(missing).toEqual([]);
  });

  it('names each path once: no two templates of one shape', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path, i) => paths.findIndex((other) => shape(other) === shape(path)) !== i)).toEqual([]);
  });

  it('leaves out what is not the API: pages, feeds, uploads, the health check', () => {
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(mockRoutes.some(({ url }) => url === '/rss.xml')).toBe(true);
  });

  it('lists at least one error answer for each operation, each a { message }', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const errors = Object.keys(operation.responses ?? {}).filter((status) => /^[45]\d\d$/.test(status));
        expect({ operation: `${method} ${path}`, errors: errors.length > 0 }).toEqual({ operation: `${method} ${path}`, errors: true });
      }
    }
  });

  it('says which operations need the bearer token', () => {
    expect(document.paths['/api/posts']!.post!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/posts']!.get!.security).toBeUndefined();
    expect(document.paths['/api/security']!.get!.security).toEqual([{ bearer: [] }]);
  });
});
