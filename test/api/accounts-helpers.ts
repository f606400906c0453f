import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { removeDataDir, testConfig } from '../support/test-config';

export const PASSWORD = 'correct horse battery staple';
export const OTHER_PASSWORD = 'a different, longer passphrase';

export interface TestSite {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: its own temporary DATA_DIR and, on PostgreSQL, its own
 * schema (dropped after the whole run, by test/support/drop-test-schemas.ts), so every test starts
 * with no account.
 */
export async function startSite(engineEnv: Record<string, string>, env: Record<string, string> = {}): Promise<TestSite> {
  const schema = engineEnv.DATABASE_SCHEMA ? `${engineEnv.DATABASE_SCHEMA}_${randomBytes(4).toString('hex')}` : undefined;
  const config = testConfig({ ...engineEnv, ...(schema ? { DATABASE_SCHEMA: schema } : {}), ...env });
  const app = await buildApp(config);
  return {
    app,
    config,
    async close() {
      await app.close();
      removeDataDir(config);
    },
  };
}

/** A JSON POST from one client address (inject's default is 127.0.0.1). */
export function post(app: FastifyInstance, url: string, payload: unknown, options: Partial<InjectOptions> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...options });
}

export const register = (app: FastifyInstance, email: string, password = PASSWORD, options?: Partial<InjectOptions>) =>
  post(app, '/api/auth/register', { email, password }, options);

export const login = (app: FastifyInstance, email: string, password = PASSWORD, options?: Partial<InjectOptions>) =>
  post(app, '/api/auth/login', { email, password }, options);

/** A protected route for the tests, behind the API's one authentication hook. */
export function addProtectedRoute(app: FastifyInstance): void {
  app.get('/test/whoami', { preHandler: app.authenticate }, async (request) => ({ user: { id: request.user!.id, email: request.user!.email } }));
}

export const whoami = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/test/whoami', headers: { authorization: `Bearer ${token}` } });

export const uniqueEmail = (label = 'owner') => `${label}-${randomBytes(4).toString('hex')}@example.com`;
