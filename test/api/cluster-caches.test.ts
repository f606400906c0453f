import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { lockName, onceAtATime } from '../../src/server/db/advisory-lock';
import type { PostgresChangeChannel } from '../../src/server/db/change-channel';
import { adminToken, bearer, createPost, sendPostForm } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';

const url = process.env.DATABASE_URL;
if (!url) console.info('Several-instance cache suites skipped: DATABASE_URL is not set (they need PostgreSQL).');
const onPostgres = url ? describe : describe.skip;
/** Instances on one database share their secrets key. */
const secretsKey = randomBytes(32).toString('base64url');

/**
 * A schema of this run (dropped with the others once every suite has finished: dropping one
 * during the run breaks the catalogue scans of suites migrating meanwhile).
 */
const freshSchemaName = (what: string) => `${process.env.TEST_SCHEMA_PREFIX ?? 'test_'}${what}_${randomBytes(5).toString('hex')}`;

/** Polls until `check` holds, answering how long it took; fails after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

onPostgres('two instances on one PostgreSQL schema', () => {
  const schema = freshSchemaName('cluster');
  const configs: Config[] = [];
  let one: FastifyInstance;
  let two: FastifyInstance;
  let token: string;
  const get = async (app: FastifyInstance, path: string) => (await app.inject({ method: 'GET', url: path })).body;
  /** What a visitor of the other instance sees: the blog page, the API read and the feed, all cached. */
  const seen = async (app: FastifyInstance) => [await get(app, '/blog'), await get(app, '/api/posts'), await get(app, '/rss.xml')];

  beforeAll(async () => {
    // Started together on a fresh schema: the migrations run once, under the advisory lock.
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

  it('shows a post created, edited and deleted on one instance on the other’s cached page, API read and feed within a second', async () => {
    const before = await seen(two);
    expect(before.join('')).not.toContain('Harbour lights');
    const post = await createPost(one, token, { title: 'Harbour lights', body: 'First words.' });
    await within(1000, async () => (await seen(two)).every((body) => body.includes('Harbour lights')));

    const edited = await sendPostForm(one, 'PUT', `/api/posts/${post._id}`, token, { title: 'Harbour lamps', body: 'Second words.' });
    expect(edited.statusCode).toBe(200);
    await within(1000, async () => (await seen(two)).every((body) => body.includes('Harbour lamps') && !body.includes('Harbour lights')));

    expect((await one.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(token) })).statusCode).toBe(200);
    await within(1000, async () => (await seen(two)).every((body) => !body.includes('Harbour lamps')));
  });

  it('runs once-only work on one instance at a time: a try skips while another holds the lock, a wait takes its turn', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = lockName('orphan-sweep', two.database.schema);
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      expect(await onceAtATime(two.database, 'orphan-sweep', async () => 'swept')).toEqual({ ran: false });
      let waited = false;
      const waiting = onceAtATime(two.database, 'orphan-sweep', async () => waited, { wait: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
      waited = true;
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      expect(await waiting).toEqual({ ran: true, result: true });
    } finally {
      await admin.end();
    }
    expect(await onceAtATime(one.database, 'orphan-sweep', async () => 'swept')).toEqual({ ran: true, result: 'swept' });
  });

  it('keeps serving its cache when nothing was announced (the caches are real), and drops it when the listener comes back', async () => {
    await createPost(one, token, { title: 'Quiet change', body: 'Here.' });
    await within(1000, async () => (await get(two, '/api/posts')).includes('Quiet change'));
    // Behind both instances' backs: no announcement, so the other one's cache still has the post.
    await one.database.db.updateTable('posts').set({ title: 'Changed in silence' }).execute();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await get(two, '/api/posts')).toContain('Quiet change');

    const channel = two.changes as PostgresChangeChannel;
    const pid = channel.listenerPid;
    expect(pid).toEqual(expect.any(Number));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    // It reconnects by itself and, having perhaps missed announcements, drops its caches.
    await within(3000, async () => channel.listenerPid !== undefined && channel.listenerPid !== pid);
    await within(1000, async () => (await get(two, '/api/posts')).includes('Changed in silence'));

    // And it hears announcements again.
    await createPost(one, token, { title: 'After the outage', body: 'Heard.' });
    await within(1000, async () => (await get(two, '/api/posts')).includes('After the outage'));
  });
});

onPostgres('several instances started at once on a fresh schema', () => {
  it('all come up: the migrations run once, under an advisory lock', async () => {
    const schema = freshSchemaName('start');
    const configs = [0, 1, 2, 3].map(() => testConfig({ DATABASE_URL: url!, DATABASE_SCHEMA: schema, SECRETS_KEY: secretsKey }));
    const apps = await Promise.all(configs.map((config) => buildApp(config)));
    try {
      await Promise.all(apps.map((app) => app.ready()));
      for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/posts' })).statusCode).toBe(200);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      configs.forEach(removeDataDir);
    }
    // Four instances building at once, three of them waiting for the fourth's migrations.
  }, 60_000);
});
