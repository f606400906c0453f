import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { NotFoundPath, Redirect } from '../../src/shared/contract/redirects';
import { engines } from '../support/engines';
import { adminToken, bearer, createPost } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';

describe.each(engines())('redirects and the not-found log on $name', ({ env }) => {
  let app: FastifyInstance;
  let config: Config;
  let token: string;
  beforeAll(async () => {
    config = testConfig(env);
    app = await buildApp(config);
    token = await adminToken(app);
  });
  afterAll(async () => {
    await app.close();
    removeDataDir(config);
  });
  beforeEach(async () => {
    await app.redirects.notFound.flush();
    await app.database.db.deleteFrom('redirects').execute();
    await app.database.db.deleteFrom('not_found_hits').execute();
    await app.database.db.deleteFrom('posts').execute();
    await app.contentCache.invalidate();
  });

  const add = (body: object) => app.inject({ method: 'POST', url: '/api/redirects', headers: bearer(token), payload: body });
  const visit = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('adds a redirect that applies at once, before any page, keeping the query for a path', async () => {
    const post = await createPost(app, token, { title: 'Moved here', body: 'Text.' });
    const added = await add({ from: '/old-page/', to: `/blog/${post.slug}` });
    expect(added.statusCode).toBe(201);
    expect(added.json<Redirect>()).toMatchObject({ from: '/old-page', to: '/blog/moved-here', status: 301, origin: 'owner' });
    const answer = await visit('/old-page/?utm_source=news');
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('/blog/moved-here?utm_source=news');
    expect((await visit('/old-page')).headers.location).toBe('/blog/moved-here');
    expect((await app.inject({ method: 'HEAD', url: '/old-page' })).statusCode).toBe(301);
    // The API and other methods are not redirected.
    expect((await app.inject({ method: 'POST', url: '/old-page' })).statusCode).not.toBe(301);
  });

  it('takes 302s, https addresses elsewhere, and a query-matched address such as /?p=12', async () => {
    expect((await add({ from: '/?p=12', to: '/blog', status: 302 })).statusCode).toBe(201);
    expect((await add({ from: '/shop', to: 'https://shop.example.com/start' })).statusCode).toBe(201);
    const byQuery = await visit('/?p=12');
    expect([byQuery.statusCode, byQuery.headers.location]).toEqual([302, '/blog']);
    expect((await visit('/?p=13')).statusCode).toBe(200);
    expect((await visit('/shop')).headers.location).toBe('https://shop.example.com/start');
    // The site's own origin is read as a path of the site.
    const own = await add({ from: '/own', to: `${config.siteUrl}/about` });
    expect(own.json<Redirect>().to).toBe('/about');
  });

  it.each([
    [{ from: 'old', to: '/blog' }, /From: give a path/],
    [{ from: '//evil.example/x', to: '/blog' }, /From: give a path/],
    [{ from: '/', to: '/blog' }, /home page/],
    [{ from: '/api/posts', to: '/blog' }, /address of the site itself/],
    [{ from: '/admin/dashboard', to: '/blog' }, /address of the site itself/],
    [{ from: '/a b', to: '/blog' }, /spaces or control/],
    [{ from: '/x', to: 'http://example.com/' }, /must start with https/],
    [{ from: '/x', to: 'javascript:alert(1)' }, /must start with https/],
    [{ from: '/x', to: 'nowhere' }, /To: give a path/],
    [{ from: '/x', to: '/x/' }, /its own address/],
    [{ from: '/x', to: '/y', status: 307 }, /status/],
    [{ from: '/x'.repeat(1001), to: '/y' }, /from/i],
    [{ from: '/x', to: '/\\evil.example' }, /backslash/],
    [{ from: '/x', to: '/\\/evil.example' }, /backslash/],
    [{ from: '/x', to: '/blog\\..\\..\\/evil.example' }, /backslash/],
    [{ from: '/x', to: '/..//evil.example' }, /two slashes/],
    [{ from: '/x', to: '/a/.././/evil.example/p' }, /two slashes/],
    [{ from: '/x', to: '/blog\u0000' }, /control characters/],
    [{ from: '/old\\page', to: '/blog' }, /backslash/],
  ])('refuses %j with 400 and a message', async (body, message) => {
    const answer = await add(body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(message);
    expect((await app.inject({ method: 'GET', url: '/api/redirects', headers: bearer(token) })).json()).toEqual([]);
  });

  it('refuses a loop however long, and a second redirect from one address', async () => {
    expect((await add({ from: '/a', to: '/b' })).statusCode).toBe(201);
    expect((await add({ from: '/b', to: '/c?x=1' })).statusCode).toBe(201);
    expect((await add({ from: '/c?x=1', to: '/d' })).statusCode).toBe(201);
    const loop = await add({ from: '/d', to: '/a' });
    expect(loop.statusCode).toBe(400);
    expect(loop.json<{ message: string }>().message).toMatch(/loop/);
    expect((await add({ from: '/a', to: '/e' })).statusCode).toBe(409);
    expect((await add({ from: '/d', to: 'https://example.com/' })).statusCode).toBe(201);
  });

  it('refuses an address of the site’s own origin that browsers read as another site', async () => {
    for (const to of [`${config.siteUrl}//evil.example/`, `${config.siteUrl}/\\evil.example`, `${config.siteUrl}/a/..//evil.example`]) {
      const answer = await add({ from: '/x', to });
      expect([answer.statusCode, answer.json<{ message: string }>().message]).toEqual([400, expect.stringMatching(/two slashes/)]);
    }
    expect((await app.inject({ method: 'GET', url: '/api/redirects', headers: bearer(token) })).json()).toEqual([]);
  });

  it('refuses a loop through a query, as requests would follow it', async () => {
    // A request for /b?x=1 takes the redirect from /b (its path): /a → /b?x=1 → /a → …
    expect((await add({ from: '/a', to: '/b?x=1' })).statusCode).toBe(201);
    const back = await add({ from: '/b', to: '/a' });
    expect([back.statusCode, back.json<{ message: string }>().message]).toEqual([400, expect.stringMatching(/loop/)]);
    expect((await add({ from: '/b/', to: '/a?utm_source=x#top' })).statusCode).toBe(400);
    // A path-only redirect hands its query on: /n?x=1 → /m?x=1 → /n?x=1 → …
    expect((await add({ from: '/m', to: '/n' })).statusCode).toBe(201);
    expect((await add({ from: '/n?x=1', to: '/m?x=1' })).statusCode).toBe(400);
    // …but /n?y=2 → /m → /n stops there: /n itself redirects nowhere.
    expect((await add({ from: '/n?y=2', to: '/m' })).statusCode).toBe(201);
    expect((await add({ from: '/self', to: '/self/?page=2' })).json<{ message: string }>().message).toMatch(/its own address/);
    expect((await visit('/n?y=2')).headers.location).toBe('/m');
    expect((await visit('/m')).headers.location).toBe('/n');
    expect((await visit('/n')).statusCode).toBe(404);
  });

  it('lists and removes redirects, for the owner only', async () => {
    const made = (await add({ from: '/gone', to: '/blog' })).json<Redirect>();
    expect((await app.inject({ method: 'GET', url: '/api/redirects' })).statusCode).toBe(401);
    expect((await add.call(null, {})).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/redirects', payload: { from: '/x', to: '/y' } })).statusCode).toBe(401);
    const list = await app.inject({ method: 'GET', url: '/api/redirects', headers: bearer(token) });
    expect(list.json<Redirect[]>().map((redirect) => redirect.from)).toEqual(['/gone']);
    expect((await app.inject({ method: 'DELETE', url: `/api/redirects/${made._id}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: `/api/redirects/${made._id}`, headers: bearer(token) })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/redirects/${made._id}`, headers: bearer(token) })).statusCode).toBe(404);
    expect((await visit('/gone')).statusCode).toBe(404);
  });

  it('counts the 404s of pages with their last referrer host, most frequent first, and leaves out what a redirect now answers', async () => {
    for (let i = 0; i < 3; i++) await visit('/old-services/', { referer: 'https://partner.example/links' });
    await visit('/old-services?x=1');
    await visit('/typo-page');
    await visit('/api/nothing-here');
    await visit('/admin/nothing-here');
    await visit('/blog');
    const report = async () => (await app.inject({ method: 'GET', url: '/api/not-found', headers: bearer(token) })).json<NotFoundPath[]>();
    const first = await report();
    expect(first.map(({ path, count, referrerHost }) => ({ path, count, referrerHost }))).toEqual([
      { path: '/old-services', count: 4, referrerHost: 'partner.example' },
      { path: '/typo-page', count: 1, referrerHost: null },
    ]);
    expect(Date.parse(first[0]!.lastSeen)).toBeGreaterThan(Date.now() - 60_000);
    // Counted across writes.
    await visit('/typo-page');
    expect((await report()).find((row) => row.path === '/typo-page')?.count).toBe(2);
    await add({ from: '/old-services', to: '/services' });
    expect((await report()).map((row) => row.path)).toEqual(['/typo-page']);
    expect((await app.inject({ method: 'GET', url: '/api/not-found' })).statusCode).toBe(401);
  });

  it('stays bounded under a flood of random paths, keeping the paths that matter', async () => {
    for (let i = 0; i < 20; i++) await visit('/real-old-link');
    // Counted straight into the log: the bound is the log's, whatever answers the requests.
    for (let i = 0; i < 3000; i++) app.redirects.notFound.record(`/${randomBytes(6).toString('hex')}`, undefined);
    await app.redirects.notFound.flush();
    for (let i = 0; i < 3000; i++) app.redirects.notFound.record(`/${randomBytes(6).toString('hex')}`, undefined);
    await app.redirects.notFound.flush();
    const rows = await app.database.db.selectFrom('not_found_hits').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeLessThanOrEqual(200);
    const report = (await app.inject({ method: 'GET', url: '/api/not-found', headers: bearer(token) })).json<NotFoundPath[]>();
    expect(report).toHaveLength(100);
    expect(report[0]).toMatchObject({ path: '/real-old-link', count: 20 });
  });

  it('keeps 30 days: older days go when the log is next written', async () => {
    await app.database.db.insertInto('not_found_hits').values({ day: '2000-01-01', path: '/ancient', hits: 99, last_seen: '2000-01-01T00:00:00.000Z', referrer_host: null }).execute();
    await visit('/recent');
    const report = (await app.inject({ method: 'GET', url: '/api/not-found', headers: bearer(token) })).json<NotFoundPath[]>();
    expect(report.map((row) => row.path)).toEqual(['/recent']);
    expect(await app.database.db.selectFrom('not_found_hits').select('path').where('path', '=', '/ancient').execute()).toEqual([]);
  });
});

const url = process.env.DATABASE_URL;
(url ? describe : describe.skip)('redirects on two instances of one PostgreSQL schema', () => {
  const env = { DATABASE_URL: url!, DATABASE_SCHEMA: `${process.env.TEST_SCHEMA_PREFIX ?? 'test_'}redir_${randomBytes(5).toString('hex')}`, SECRETS_KEY: randomBytes(32).toString('base64url') };
  const configs: Config[] = [];
  let one: FastifyInstance;
  let two: FastifyInstance;
  beforeAll(async () => {
    configs.push(testConfig(env));
    one = await buildApp(configs[0]!);
    await one.ready();
    configs.push(testConfig(env));
    two = await buildApp(configs[1]!);
    await two.ready();
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    configs.forEach(removeDataDir);
  });

  it('applies a redirect added on one instance on the other within a second, and its removal too', async () => {
    const token = await adminToken(one);
    expect((await two.inject({ method: 'GET', url: '/moved' })).statusCode).toBe(404);
    const made = (await one.inject({ method: 'POST', url: '/api/redirects', headers: bearer(token), payload: { from: '/moved', to: '/about' } })).json<Redirect>();
    const until = async (status: number) => {
      const started = Date.now();
      while ((await two.inject({ method: 'GET', url: '/moved' })).statusCode !== status) {
        if (Date.now() - started > 1000) throw new Error(`not ${status} within a second`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await until(301);
    await one.inject({ method: 'DELETE', url: `/api/redirects/${made._id}`, headers: bearer(token) });
    await until(404);
  });
});
