import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../server/app';
import type { Config } from '../../../../server/config';
import { injectFetch } from '../../../../server/render/inject-fetch';
import { removeDataDir, testConfig } from '../../../../../test/support/test-config';

export const OWNER_EMAIL = 'owner@example.com';
export const OWNER_PASSWORD = 'correct horse battery staple';

export interface RealApi {
  app: FastifyInstance;
  config: Config;
  fetch: typeof fetch;
}

/**
 * The real server, in-process, on a fresh data folder, for one test file: `beforeAll` builds it
 * (with the owner's account when asked), `afterAll` closes it. Pages reach it through `api.fetch`.
 */
export function useRealApi({ withOwner = false, env = {} }: { withOwner?: boolean; env?: Record<string, string> } = {}): RealApi {
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
