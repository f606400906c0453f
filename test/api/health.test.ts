import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { removeDataDir, testConfig } from '../support/test-config';

describe.each([
  ['on its own', false],
  ['behind a proxy (TRUST_PROXY=true)', true],
])('a draining instance %s', (_name, behindProxy) => {
  let app: FastifyInstance;
  let config: Config;
  beforeAll(async () => {
    config = testConfig({ TRUST_PROXY: String(behindProxy) });
    app = await buildApp(config);
  });
  afterAll(async () => {
    await app.close();
    removeDataDir(config);
  });

  it('fails /healthz, closes every connection after its answer, and still takes writes', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    app.drain();
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect([health.statusCode, health.json(), health.headers.connection]).toEqual([503, { status: 'draining' }, 'close']);

    if (behindProxy) {
      // No answer at all, as from an instance already gone: the proxy retries the request on
      // another instance and stops sending this one anything for a while.
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      await expect(fetch(`${address}/api/posts`)).rejects.toThrow();
      await expect(fetch(`${address}/blog`, { method: 'HEAD' })).rejects.toThrow();
    } else {
      const read = await app.inject({ method: 'GET', url: '/api/posts' });
      expect([read.statusCode, read.headers.connection]).toEqual([200, 'close']);
    }
    // A write is never refused for draining: no proxy may repeat it elsewhere.
    const write = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@agency.test', password: 'not the password' } });
    expect(write.statusCode).toBe(401);
  });
});
