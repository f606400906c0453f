import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { resolveJwtSecret } from '../../src/server/auth/jwt-secret';
import { SECRETS_KEY_FILE, SecretsKeyError } from '../../src/server/auth/secrets-key';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { RecoveryCodeHasher } from '../../src/server/security/recovery-codes';
import { SecretBox, TOTP_SECRETS } from '../../src/server/auth/secret-box';
import { newTotpSecret } from '../../src/server/security/totp';
import { engines } from '../support/engines';
import { removeDataDir, testConfig } from '../support/test-config';
import { uniqueEmail } from './accounts-helpers';
import { authed, awayFromStepEdge, codeAt, enrolAuthenticator, mfaToken, secondStep, signUp } from './security-helpers';

jest.setTimeout(30_000);

const jwtSecret = (label: string) => `${label}-jwt-secret-of-at-least-32-bytes`;

describe.each(engines())('the JWT secret and the secrets key on $name', ({ env }) => {
  let config: Config;
  /** The engine's variables with this test's own schema. */
  let engineEnv: Record<string, string>;
  const apps: FastifyInstance[] = [];
  /** The site as it starts with these variables, on the same data folder and database. */
  const start = async (vars: Record<string, string>) => {
    const app = await buildApp(loadConfig({ ...engineEnv, DATA_DIR: config.dataDir, SITE_URL: 'https://agency.test', LOG_LEVEL: 'silent', ALLOW_REGISTRATION: 'true', ...vars }));
    apps.push(app);
    return app;
  };
  const stop = async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  };

  beforeEach(() => {
    // A schema of its own per test on PostgreSQL, as every test starts with no account.
    engineEnv = { ...env, ...(env.DATABASE_SCHEMA ? { DATABASE_SCHEMA: `${env.DATABASE_SCHEMA}_${randomBytes(3).toString('hex')}` } : {}) };
    config = testConfig(engineEnv);
  });
  afterEach(async () => {
    await stop();
    removeDataDir(config);
  });

  it('signs everybody out when JWT_SECRET changes, and nothing more: authenticator and recovery codes keep working', async () => {
    let app = await start({ JWT_SECRET: jwtSecret('first') });
    const email = uniqueEmail();
    const token = await signUp(app, email);
    const { secret, recoveryCodes } = await enrolAuthenticator(app, token);
    await stop();

    app = await start({ JWT_SECRET: jwtSecret('second') });
    // The old token is refused as any bad token is, not with a 500.
    const old = await app.inject({ method: 'GET', url: '/api/security', ...authed(token) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: expect.any(String) });

    await awayFromStepEdge();
    const byApp = await secondStep(app, await mfaToken(app, email), await codeAt(secret, 0));
    expect(byApp.statusCode).toBe(200);
    const byCode = await secondStep(app, await mfaToken(app, email), recoveryCodes[0]!);
    expect(byCode.statusCode).toBe(200);
    const fresh = byCode.json<{ token: string }>().token;
    expect((await app.inject({ method: 'GET', url: '/api/security', ...authed(fresh) })).statusCode).toBe(200);
  });

  it('keeps the authenticators of a site upgraded from sealing them with the JWT secret', async () => {
    // The version before sealed with keys derived from the JWT secret and kept no secrets key.
    let app = await start({ JWT_SECRET: jwtSecret('old') });
    const email = uniqueEmail();
    await signUp(app, email);
    await stop();
    fs.rmSync(path.join(config.dataDir, SECRETS_KEY_FILE));
    const legacyKey = resolveJwtSecret({ jwtSecret: jwtSecret('old'), dataDir: config.dataDir });
    const secret = newTotpSecret();
    const recoveryCode = 'abcde-fghjk';
    const database = await openDatabase(config);
    try {
      const user = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await database.db.insertInto('totp_factors').values({ user_id: user.id, secret_enc: new SecretBox(legacyKey, TOTP_SECRETS).seal(secret), confirmed_at: now, last_step: null, created_at: now }).execute();
      await database.db.insertInto('recovery_codes').values({ id: 'legacy-code', user_id: user.id, code_hash: new RecoveryCodeHasher(legacyKey).hash(recoveryCode), used_at: null, created_at: now }).execute();
    } finally {
      await database.close();
    }

    // Upgraded, then the secret rotated: both second factors still work.
    await start({ JWT_SECRET: jwtSecret('old') });
    await stop();
    expect(fs.statSync(path.join(config.dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    app = await start({ JWT_SECRET: jwtSecret('new') });
    await awayFromStepEdge();
    expect((await secondStep(app, await mfaToken(app, email), await codeAt(secret, 0))).statusCode).toBe(200);
    expect((await secondStep(app, await mfaToken(app, email), recoveryCode)).statusCode).toBe(200);
  });

  it('stops the start of an instance whose secrets key does not open the sealed secrets', async () => {
    const app = await start({ SECRETS_KEY: 'the-first-secrets-key-of-32-bytes-or-more' });
    await enrolAuthenticator(app, await signUp(app, uniqueEmail()));
    await stop();
    await expect(start({ SECRETS_KEY: 'another-secrets-key-of-32-bytes-or-more' })).rejects.toBeInstanceOf(SecretsKeyError);
    await expect(start({ SECRETS_KEY: 'another-secrets-key-of-32-bytes-or-more' })).rejects.toThrow(/SECRETS_KEY is not the key/);
    // The key the site was using is still accepted.
    await start({ SECRETS_KEY: 'the-first-secrets-key-of-32-bytes-or-more' });
  });
});
