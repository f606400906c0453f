import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { injectFetch } from '../../src/server/render/inject-fetch';
import { removeDataDir, testConfig } from './test-config';

export const OWNER_EMAIL = 'owner@example.com';
export const OWNER_PASSWORD = 'correct horse battery staple';

export interface RealApi {
  app: FastifyInstance;
  config: Config;
  fetch: typeof fetch;
}

/**
 * The real server, in-process, on a fresh data folder, for one jsdom test file (pages that call
 * the API through RTK Query with `fetchFn: api.fetch`): `beforeAll` builds it
 * (with the owner's account when asked), `afterAll` closes it. Pages reach it through `api.fetch`.
 */
export function withRealApi({ withOwner = false, env = {} }: { withOwner?: boolean; env?: Record<string, string> } = {}): RealApi {
  const api = {} as RealApi;
  beforeAll(async () => {
    api.config = testConfig(env);
    api.app = await buildApp(api.config);
    api.fetch = injectFetch(api.app);
    if (withOwner) {
      const response = await api.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD } });
      if (response.statusCode !== 201) throw new Error(`registering the owner failed: ${response.body}`);
    }
  });
  afterAll(async () => {
    await api.app.close();
    removeDataDir(api.config);
  });
  afterEach(() => window.localStorage.clear());
  return api;
}

/** Signs the owner in through the API and leaves the token where the browser keeps it. */
export async function storeOwnerToken(api: RealApi): Promise<string> {
  const response = await api.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: OWNER_EMAIL, password: OWNER_PASSWORD } });
  const { token } = response.json<{ token: string }>();
  window.localStorage.setItem('token', token);
  return token;
}
