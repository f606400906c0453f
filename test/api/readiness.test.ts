import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { engines } from '../support/engines';
import { removeDataDir, testConfig } from '../support/test-config';

describe.each(engines())('GET /readyz on $name', ({ env }) => {
  let app: FastifyInstance;
  let config: Config;
  beforeEach(async () => {
    // A schema per test: the first one takes a migration's record away.
    config = testConfig(env.DATABASE_SCHEMA ? { ...env, DATABASE_SCHEMA: `${env.DATABASE_SCHEMA}_${randomBytes(3).toString('hex')}` } : env);
    app = await buildApp(config);
  });
  afterEach(async () => {
    await app.close().catch(() => undefined);
    removeDataDir(config);
  });

  const ready = async () => {
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    return [answer.statusCode, answer.json(), answer.headers['cache-control'], answer.headers['retry-after']];
  };

  it('is 200 once every migration is done and the database answers, 503 while one is missing', async () => {
    expect(await ready()).toEqual([200, { status: 'ready' }, 'no-store', undefined]);
    // As a database restored from an older version is before its migrations have run.
    const last = await app.database.db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never, 'desc').executeTakeFirstOrThrow();
    await app.database.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', (last as { name: string }).name as never).execute();
    expect(await ready()).toEqual([503, { status: 'migrating', message: 'The site is starting: its database is being brought up to date.' }, 'no-store', '5']);
    // The liveness check stays apart: the process is alive, only not ready.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('is 503 when the database does not answer', async () => {
    await app.ready();
    await app.database.close();
    expect(await ready()).toEqual([503, { status: 'database unavailable', message: 'The site cannot reach its database right now.' }, 'no-store', '5']);
  });

  it('is 503 while the instance drains', async () => {
    app.drain();
    expect(await ready()).toEqual([503, { status: 'draining', message: 'This instance is stopping.' }, 'no-store', '5']);
  });
});
