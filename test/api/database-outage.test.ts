import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { engines } from '../support/engines';
import { adminToken, bearer, createPost } from '../support/posts-api';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { removeDataDir, testConfig } from '../support/test-config';

const postgres = engines().find((engine) => engine.name === 'postgres');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `check` holds within 10 s. */
async function soon(check: () => Promise<boolean>): Promise<boolean> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

/** What a database restart does to the server: every connection ends; PostgreSQL only. */
(postgres ? describe : describe.skip)('a database that drops its connections', () => {
  let proxy: TcpProxy;
  let config: Config;
  let app: FastifyInstance;
  let direct: pg.Client;
  let token: string;
  const schema = postgres?.env.DATABASE_SCHEMA ?? '';

  beforeAll(async () => {
    const url = new URL(postgres!.env.DATABASE_URL!);
    // The site reaches the database through a relay the test can take down; the test's own
    // client goes straight to it.
    proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(proxy.port);
    config = testConfig({ ...postgres!.env, DATABASE_URL: relayed.href });
    app = await buildApp(config);
    await app.ready();
    direct = new pg.Client({ connectionString: url.href });
    await direct.connect();
    token = await adminToken(app);
  });

  afterAll(async () => {
    await app?.close();
    await direct?.end();
    await proxy?.close();
    if (config) removeDataDir(config);
  });

  /** Ends this site's connections only (other suites share the server). */
  const terminateBackends = async () => {
    const { rows } = await direct.query<{ ended: number }>(
      "SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity WHERE application_name LIKE 'larkspur-%:' || $1",
      [schema],
    );
    return rows[0]!.ended;
  };

  const expectOkOrUnavailable = (response: LightMyRequestResponse, url: string) => {
    expect(`${url} ${response.statusCode}`).toMatch(/ (200|503)$/);
    if (response.statusCode === 503 && url.startsWith('/api/')) expect(response.json()).toEqual({ message: expect.stringMatching(/database/) });
  };

  it('answers 503 or 200 while its connections are terminated under load, and carries on', async () => {
    const post = await createPost(app, token, { title: 'Before the restart', body: 'Text.' });
    const urls = ['/api/posts', `/api/posts/${post.slug}`, `/blog/${post.slug}`, '/blog', '/healthz'];
    const statuses: number[] = [];
    let loading = true;
    const user = async (id: number) => {
      for (let i = 0; loading; i++) {
        const url = urls[(id + i) % urls.length]!;
        // Half of them with a token: those reads bypass every cache and reach the database. A
        // load balancer's health check carries none.
        const response = await app.inject({ method: 'GET', url, headers: id % 2 && url !== '/healthz' ? bearer(token) : {} });
        expectOkOrUnavailable(response, url);
        if (url === '/healthz') expect(response.statusCode).toBe(200);
        statuses.push(response.statusCode);
        // A cached answer comes back without I/O: let the timers that end the load run.
        await new Promise(setImmediate);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, id) => user(id)));
    let ended = 0;
    for (let round = 0; round < 5; round++) {
      await sleep(150);
      ended += await terminateBackends();
    }
    loading = false;
    await load;
    // The pool and the change channel were both hit, and idle connections among them.
    expect(ended).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);

    // A connection ended while idle may be handed out once before its end is read: that request
    // answers 503, and the next ones are served.
    for (const url of urls) {
      const served = async () => (await app.inject({ method: 'GET', url, headers: url === '/healthz' ? {} : bearer(token) })).statusCode === 200;
      expect(`${url} ${(await soon(served)) ? 'served' : 'still failing'}`).toBe(`${url} served`);
    }
  });

  it('answers 503 while the database is away, keeps /healthz up, and drops the caches once it is back', async () => {
    const post = await createPost(app, token, { title: 'Cached before the outage', body: 'Text.' });
    const page = `/blog/${post.slug}`;
    expect((await app.inject(page)).body).toContain('Cached before the outage');
    await proxy.down();
    try {
      const write = await app.inject({ method: 'GET', url: '/api/posts', headers: bearer(token) });
      expect([write.statusCode, write.json(), write.headers['retry-after']]).toEqual([503, { message: expect.stringMatching(/database/) }, '5']);
      const search = await app.inject({ method: 'GET', url: '/blog/search?q=outage' });
      expect([search.statusCode, search.headers['content-type']]).toEqual([503, expect.stringContaining('text/html')]);
      // It answers without waiting on the database. The bound leaves room for a loaded machine;
      // the cluster drill measures the real figure against nginx.
      const started = performance.now();
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      // A change made meanwhile by another instance, whose announcement this one cannot hear.
      await direct.query(`UPDATE ${schema}.posts SET title = 'Changed during the outage' WHERE id = $1`, [post._id]);
      await sleep(300);
    } finally {
      await proxy.up();
    }
    expect(await soon(async () => (await app.inject({ method: 'GET', url: '/api/posts', headers: bearer(token) })).statusCode === 200)).toBe(true);
    // Within the change channel's reconnection, far inside the page cache's own minute.
    expect(await soon(async () => (await app.inject(page)).body.includes('Changed during the outage'))).toBe(true);
  });
});
