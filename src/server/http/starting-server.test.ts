import dns from 'node:dns';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { removeDataDir, testConfig } from '../../../test/support/test-config';
import { StartingServer } from './starting-server';

describe('the starting server behind a proxy (TRUST_PROXY)', () => {
  let starting: StartingServer;
  let base: string;
  beforeEach(async () => {
    starting = new StartingServer(true, { holdWritesMs: 300 });
    await starting.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(starting.server.address() as AddressInfo).port}`;
  });
  afterEach(() => starting.close());

  const write = () => fetch(`${base}/api/contact`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
  /** An app that answers with what it was sent, to show that a held write reaches it whole. */
  const echo = () =>
    starting.serverFactoryFor((app) => app)((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => response.end(`from the app: ${request.method} ${request.url} ${body}`));
    }, { keepAliveTimeout: 7000 });

  it('closes a safe request unanswered, so that the proxy tries another instance; answers the checks at once', async () => {
    await expect(fetch(`${base}/blog`)).rejects.toThrow();
    await expect(fetch(`${base}/api/posts`, { method: 'HEAD' })).rejects.toThrow();
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, ready.headers.get('retry-after'), ready.headers.get('cache-control'), await ready.json()]).toEqual([503, '5', 'no-store', { status: 'migrating', message: 'The site is starting: its database is being brought up to date.' }]);
    const alive = await fetch(`${base}/healthz?probe=1`);
    expect([alive.status, await alive.json()]).toEqual([200, { status: 'starting' }]);
  });

  it('holds a write, which a proxy must not repeat, for the app; answers it 503 if the start takes longer', async () => {
    const began = Date.now();
    const refused = await write();
    expect(Date.now() - began).toBeGreaterThanOrEqual(250);
    expect([refused.status, refused.headers.get('retry-after'), refused.headers.get('connection'), await refused.json()]).toEqual([503, '5', 'close', { message: 'The site is starting. Please try again in a moment.' }]);

    const held = write();
    await new Promise((resolve) => setTimeout(resolve, 100));
    echo();
    starting.open();
    const answered = await held;
    expect([answered.status, await answered.text()]).toEqual([200, 'from the app: POST /api/contact {"a":1}']);
  });

  it('hands a held write whole to the real app built on it', async () => {
    // Holding writes as long as a real start does: the app is built while the write waits.
    const server = new StartingServer(true);
    await server.listen(0, '127.0.0.1');
    const config = testConfig({ TRUST_PROXY: 'true' });
    const login = fetch(`http://127.0.0.1:${(server.server.address() as AddressInfo).port}/api/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: 'nobody@agency.test', password: 'not the password at all' }),
      headers: { 'content-type': 'application/json' },
    });
    const app = await buildApp(config, { server });
    try {
      await app.ready();
      server.open();
      const answer = await login;
      expect([answer.status, await answer.json()]).toEqual([401, { message: 'Invalid email or password.' }]);
    } finally {
      await server.close();
      await app.close();
      removeDataDir(config);
    }
  });

  it('hands every later request to the app once opened, and refuses to open with none built on it', async () => {
    expect(() => starting.open()).toThrow('No app was built');
    expect(echo()).toBe(starting.server);
    expect(starting.server.keepAliveTimeout).toBe(7000);
    // Built, not yet opened: still starting.
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    starting.open();
    expect(await (await fetch(`${base}/blog`)).text()).toBe('from the app: GET /blog ');
  });
});

it('listens on every loopback address for HOST=localhost, as Fastify does, and closes them all', async () => {
  const starting = new StartingServer(false);
  await starting.listen(0, 'localhost');
  const { port } = starting.server.address() as AddressInfo;
  const addresses = (await dns.promises.lookup('localhost', { all: true })).map(({ address, family }) => (family === 6 ? `[${address}]` : address));
  try {
    for (const address of addresses) {
      const alive = await fetch(`http://${address}:${port}/healthz`);
      expect([address, alive.status]).toEqual([address, 200]);
    }
  } finally {
    await starting.close();
  }
  for (const address of addresses) await expect(fetch(`http://${address}:${port}/healthz`)).rejects.toThrow();
});
