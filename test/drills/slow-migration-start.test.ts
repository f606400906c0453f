/**
 * A start whose migration takes long: the real server listens at once, says it is alive but not
 * ready while the database is held, and serves as soon as the migration is through, without
 * refusing or dropping a request at the hand-over. The migration is held up the way a real one
 * is: on PostgreSQL by another holder of the migration lock (an instance migrating), on SQLite
 * by another connection's write transaction.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildOnce } from '../support/built-server';
import { engines } from '../support/engines';

const root = path.resolve(__dirname, '../..');
jest.setTimeout(120_000);

beforeAll(buildOnce);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request on a connection of its own (fetch keeps its connections; both kinds cross the hand-over). */
function freshRequest(port: number, method: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: url, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(method === 'POST' ? '{}' : undefined);
  });
}

/** Holds the database's migration up; answers how to let it go. */
async function holdMigration(name: 'sqlite' | 'postgres', env: Record<string, string>, dataDir: string): Promise<() => Promise<void>> {
  if (name === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    // The lock every instance migrates under (db/advisory-lock.ts): as if another were migrating.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`larkspur:migrate:${env.DATABASE_SCHEMA}`]);
    return async () => {
      await client.query('SELECT pg_advisory_unlock_all()');
      await client.end();
    };
  }
  const db = new SQLite(path.join(dataDir, 'site.db'));
  db.pragma('journal_mode = WAL');
  db.exec('BEGIN IMMEDIATE');
  return async () => {
    db.exec('ROLLBACK');
    db.close();
  };
}

describe.each(engines())('a start with a slow migration on $name', ({ name, env }) => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz and 503 from /readyz and every other request while migrating, then serves, dropping nothing at the hand-over', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-slow-migration-'));
    const release = await holdMigration(name, env, dataDir);
    let released = false;
    try {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', DATABASE_SCHEMA: '', ...env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'error', DRAIN_SECONDS: '0', BACKUP_SCHEDULE: 'off' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const server = child;

      // Listening while the migration waits.
      let readiness: Answer | undefined;
      for (let attempt = 0; !readiness; attempt++) {
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
        if (attempt > 300) throw new Error('the server did not listen');
        readiness = await freshRequest(port, 'GET', '/readyz').catch(() => undefined);
        if (!readiness) await sleep(100);
      }
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body)).toEqual({ status: 'migrating', message: 'The site is starting: its database is being brought up to date.' });
      expect(readiness.headers['retry-after']).toBe('5');
      expect(readiness.headers['cache-control']).toBe('no-store');
      // Still waiting a while later: the port answers for as long as the migration takes.
      await sleep(1500);
      expect((await freshRequest(port, 'GET', '/readyz')).status).toBe(503);
      const alive = await freshRequest(port, 'GET', '/healthz');
      expect([alive.status, JSON.parse(alive.body)]).toEqual([200, { status: 'starting' }]);
      for (const [method, url] of [['GET', '/api/posts'], ['GET', '/'], ['POST', '/api/auth/login']] as const) {
        const answer = await freshRequest(port, method, url);
        expect([method, url, answer.status, JSON.parse(answer.body), answer.headers['retry-after']]).toEqual([method, url, 503, { message: 'The site is starting. Please try again in a moment.' }, '5']);
      }

      // Requests all through the hand-over, on kept and on new connections: every one answered.
      const statuses: number[] = [];
      const failures: string[] = [];
      let stop = false;
      const hammer = async (kept: boolean) => {
        while (!stop) {
          try {
            const answer = kept ? await fetch(`${baseUrl}/api/posts`).then(async (response) => ({ status: response.status, body: await response.text() })) : await freshRequest(port, 'GET', '/api/posts');
            if (answer.status !== 200 && !(answer.status === 503 && answer.body.includes('The site is starting'))) failures.push(`${answer.status} ${answer.body}`);
            statuses.push(answer.status);
          } catch (error) {
            failures.push(String((error as Error).cause ?? error));
          }
        }
      };
      const hammers = [hammer(true), hammer(true), hammer(false)];
      await sleep(300);
      await release();
      released = true;

      let ready: Answer | undefined;
      for (let attempt = 0; ready?.status !== 200; attempt++) {
        if (attempt > 300) throw new Error(`not ready: ${ready?.status} ${ready?.body}`);
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
        await sleep(100);
        ready = await freshRequest(port, 'GET', '/readyz');
      }
      expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
      const servedBefore = statuses.filter((status) => status === 200).length;
      while (statuses.filter((status) => status === 200).length < servedBefore + 30) await sleep(50);
      stop = true;
      await Promise.all(hammers);
      expect(failures).toEqual([]);
      expect(statuses).toContain(503);
      expect(statuses.at(-1)).toBe(200);
      const alive2 = await freshRequest(port, 'GET', '/healthz');
      expect([alive2.status, JSON.parse(alive2.body)]).toEqual([200, { status: 'ok' }]);

      server.kill('SIGTERM');
      expect(await new Promise((resolve) => (server.exitCode !== null ? resolve(server.exitCode) : server.once('exit', resolve)))).toBe(0);
    } finally {
      if (!released) await release();
    }
  });
});
