import type { AddressInfo } from 'node:net';
import { StartingServer } from './starting-server';

describe('the starting server behind a proxy (TRUST_PROXY)', () => {
  let starting: StartingServer;
  let base: string;
  beforeEach(async () => {
    starting = new StartingServer(true);
    await starting.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(starting.server.address() as AddressInfo).port}`;
  });
  afterEach(() => starting.close());

  it('closes a safe request unanswered, so that the proxy tries another instance; answers the checks and writes', async () => {
    await expect(fetch(`${base}/blog`)).rejects.toThrow();
    await expect(fetch(`${base}/api/posts`, { method: 'HEAD' })).rejects.toThrow();
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, ready.headers.get('retry-after'), await ready.json()]).toEqual([503, '5', { status: 'migrating', message: 'The site is starting: its database is being brought up to date.' }]);
    const alive = await fetch(`${base}/healthz?probe=1`);
    expect([alive.status, await alive.json()]).toEqual([200, { status: 'starting' }]);
    // A proxy does not repeat a write: it gets the answer to pass on.
    const write = await fetch(`${base}/api/contact`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect([write.status, write.headers.get('connection'), await write.json()]).toEqual([503, 'close', { message: 'The site is starting. Please try again in a moment.' }]);
  });

  it('hands every later request to the app once opened, and refuses to open with none built on it', async () => {
    expect(() => starting.open()).toThrow('No app was built');
    const factory = starting.serverFactoryFor((app) => app);
    expect(factory((_request, response) => response.end('from the app'), { keepAliveTimeout: 7000 })).toBe(starting.server);
    expect(starting.server.keepAliveTimeout).toBe(7000);
    // Built, not yet opened: still starting.
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    starting.open();
    expect(await (await fetch(`${base}/blog`)).text()).toBe('from the app');
  });
});
