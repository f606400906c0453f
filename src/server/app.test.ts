import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { removeDataDir, testConfig } from '../../test/support/test-config';
import { publicPagePaths } from '../client/app/render-page';
import { buildApp } from './app';
import type { Config } from './config';

let app: FastifyInstance;
let config: Config;

beforeAll(async () => {
  config = testConfig();
  app = await buildApp(config);
});

afterAll(async () => {
  await app.close();
  removeDataDir(config);
});

describe('server rendering', () => {
  it.each(publicPagePaths())('renders %s with its title, description and canonical link', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toMatch(/<title>[^<]+ \| Larkspur Web Studio<\/title>/);
    expect(head).toMatch(/<meta name="description" content="[^"]+"/);
    expect(head).toContain(`<link rel="canonical" href="https://agency.test${url}"/>`);
    expect(head).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(head).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
  });

  it('answers an unknown path with the not-found page and status 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
    expect(response.body).toContain('href="/blog"');
  });

  it('sends /login on to /admin/login', async () => {
    const response = await app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/admin/login');
  });

  it('leaves admin and account pages to the browser and keeps them out of search engines', async () => {
    for (const url of ['/admin/login', '/admin/dashboard', '/register', '/forgot-password', '/reset-password/abc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    }
  });

  it('sends a Content-Security-Policy that allows no inline script', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // JSON data and JSON-LD are never run; any other script must be a file.
    expect(response.body).not.toMatch(/<script(?![^>]*(\bsrc=|type="application\/(ld\+)?json"))/);
  });

  it('sends pages compressed with brotli or gzip as the browser accepts, from the cache too', async () => {
    for (let request = 0; request < 2; request++) {
      const brotli = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toContain('<h1');
      const gzip = await app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<h1');
    }
  });

  it('hands the browser its configuration as JSON data', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const json = /<script id="app-state" type="application\/json">(.*?)<\/script>/.exec(response.body)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ config: { siteUrl: 'https://agency.test', apiBaseUrl: '' } });
  });
});

describe('the API surface', () => {
  it('answers /healthz', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nothing-here' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('API compression', () => {
  it('compresses large API answers for clients that accept it', async () => {
    const now = new Date().toISOString();
    const content = 'A long article about websites. '.repeat(100);
    await app.database.db
      .insertInto('posts')
      .values({ id: 'compressed-1', title: 'Long', content, slug: 'long', image_key: null, published_at: now, created_at: now, updated_at: now })
      .execute();
    const response = await app.inject({ method: 'GET', url: '/api/posts', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString())).toEqual([expect.objectContaining({ content })]);
  });
});
