import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { adminToken, bearer, sendPostForm } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';

const url = process.env.DATABASE_URL;
if (!url) console.info('The case studies’ several-instance suite skipped: DATABASE_URL is not set (it needs PostgreSQL).');
const onPostgres = url ? describe : describe.skip;
const secretsKey = randomBytes(32).toString('base64url');
// Two instances migrating one fresh schema on a busy machine take longer than jest's 5 s.
jest.setTimeout(30_000);

async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

onPostgres('case studies on two instances of one PostgreSQL schema', () => {
  const schema = `${process.env.TEST_SCHEMA_PREFIX ?? 'test_'}cases_${randomBytes(5).toString('hex')}`;
  const configs: Config[] = [];
  let one: FastifyInstance;
  let two: FastifyInstance;
  let token: string;
  const get = async (app: FastifyInstance, path: string) => (await app.inject({ method: 'GET', url: path })).body;
  /** What a visitor of the other instance sees, every one of them cached there. */
  const seen = async (app: FastifyInstance) => [await get(app, '/'), await get(app, '/portfolio'), await get(app, '/api/case-studies'), await get(app, '/sitemap.xml')];

  beforeAll(async () => {
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const config = testConfig({ DATABASE_URL: url!, DATABASE_SCHEMA: schema, SECRETS_KEY: secretsKey });
        configs.push(config);
        const app = await buildApp(config);
        await app.ready();
        return app;
      }),
    );
    [one, two] = apps as [FastifyInstance, FastifyInstance];
    token = await adminToken(one);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    configs.forEach(removeDataDir);
  });

  it('a case study published and featured on one instance shows on the other’s cached pages within a second', async () => {
    const before = await seen(two);
    expect(before.some((body) => body.includes('Quarrymill Pottery'))).toBe(false);
    // Again: now every one of them comes from the second instance's caches.
    expect(await seen(two)).toEqual(before);

    const image = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#48a' } }).png().toBuffer();
    const cover = (await sendPostForm(one, 'POST', '/api/images', token, { image: { data: image, filename: 'pottery.png', type: 'image/png' } })).json<{ url: string }>().url;
    const created = await one.inject({
      method: 'POST',
      url: '/api/owner/case-studies',
      headers: bearer(token),
      payload: { title: 'Quarrymill Pottery', client: 'Pottery studio', sector: 'Wellbeing', summary: 'Class booking online.', text: 'Text.', cover: { url: cover, alt: 'A potter at the wheel' }, results: [], status: 'published' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    const featured = await one.inject({ method: 'PUT', url: '/api/owner/case-studies/featured', headers: bearer(token), payload: { slots: [id, null, null, null] } });
    expect(featured.statusCode).toBe(200);

    const took = await within(1000, async () => (await seen(two)).every((body) => body.includes('Quarrymill Pottery') || body.includes('quarrymill-pottery')));
    expect(took).toBeLessThan(1000);
    expect(await get(two, '/portfolio/quarrymill-pottery')).toContain('Quarrymill Pottery');
  });
});
