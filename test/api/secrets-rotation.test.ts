import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { resolveJwtSecret, SECRET_FILE } from '../../src/server/auth/jwt-secret';
import { SECRETS_KEY_FILE, SecretsKeyError } from '../../src/server/auth/secrets-key';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { RecoveryCodeHasher } from '../../src/server/security/recovery-codes';
import { SecretBox, TOTP_SECRETS } from '../../src/server/auth/secret-box';
import { newTotpSecret } from '../../src/server/security/totp';
import { engines, type EngineEnv } from '../support/engines';
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

  /**
   * The version before sealed with keys derived from the JWT secret and kept no secrets key: a
   * site as it was, with one account whose authenticator and recovery code are sealed that way.
   */
  const legacySite = async (vars: Record<string, string>) => {
    const app = await start(vars);
    const email = uniqueEmail();
    const token = await signUp(app, email);
    await stop();
    // That version had no SECRETS_KEY; a shared database's instances all take the JWT secret they share.
    delete engineEnv.SECRETS_KEY;
    fs.rmSync(path.join(config.dataDir, SECRETS_KEY_FILE), { force: true });
    const legacyKey = resolveJwtSecret({ jwtSecret: vars.JWT_SECRET, dataDir: config.dataDir });
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
    return { email, token, secret, recoveryCode, legacyKey };
  };

  it('keeps the authenticators of a site upgraded from sealing them with the JWT secret', async () => {
    const { email, secret, recoveryCode } = await legacySite({ JWT_SECRET: jwtSecret('old') });
    // Upgraded, then the secret rotated: both second factors still work.
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    await start({ JWT_SECRET: jwtSecret('old') });
    await stop();
    // The key that backups hold still signs tokens until JWT_SECRET changes: the start says so.
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/JWT_SECRET is also the secrets key/));
    warnings.mockClear();
    expect(fs.statSync(path.join(config.dataDir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    const app = await start({ JWT_SECRET: jwtSecret('new') });
    expect(warnings).not.toHaveBeenCalled();
    warnings.mockRestore();
    await awayFromStepEdge();
    expect((await secondStep(app, await mfaToken(app, email), await codeAt(secret, 0))).statusCode).toBe(200);
    expect((await secondStep(app, await mfaToken(app, email), recoveryCode)).statusCode).toBe(200);
  });

  it('replaces a generated JWT secret that an upgrade made the secrets key, so a backup cannot sign tokens', async () => {
    const { email, token, secret, recoveryCode, legacyKey } = await legacySite({});
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const app = await start({});
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/was replaced/));
    warnings.mockRestore();
    const keyFile = fs.readFileSync(path.join(config.dataDir, SECRETS_KEY_FILE));
    const jwtFile = fs.readFileSync(path.join(config.dataDir, SECRET_FILE));
    expect(keyFile.equals(Buffer.from(legacyKey))).toBe(true);
    expect(jwtFile.equals(keyFile)).toBe(false);
    expect(fs.statSync(path.join(config.dataDir, SECRET_FILE)).mode & 0o777).toBe(0o600);
    // Tokens signed with the old secret (the key a backup holds) are refused...
    expect((await app.inject({ method: 'GET', url: '/api/security', ...authed(token) })).statusCode).toBe(401);
    // ...and both second factors still open.
    await awayFromStepEdge();
    expect((await secondStep(app, await mfaToken(app, email), await codeAt(secret, 0))).statusCode).toBe(200);
    expect((await secondStep(app, await mfaToken(app, email), recoveryCode)).statusCode).toBe(200);
    // Replaced once: the next start keeps the new secret.
    await stop();
    await start({});
    expect(fs.readFileSync(path.join(config.dataDir, SECRET_FILE)).equals(jwtFile)).toBe(true);
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

const postgres = engines().filter(({ name }) => name === 'postgres');
// Without DATABASE_URL there is no shared database to test: the suite is listed as skipped (engines() said why).
(postgres.length > 0 ? describe.each(postgres) : describe.skip.each<EngineEnv>([{ name: 'postgres', env: {} }]))('a shared database without SECRETS_KEY', ({ env }) => {
  let config: Config;
  const apps: FastifyInstance[] = [];
  const start = async () => {
    const app = await buildApp(loadConfig({ DATABASE_URL: env.DATABASE_URL!, DATABASE_SCHEMA: env.DATABASE_SCHEMA!, DATA_DIR: config.dataDir, SITE_URL: 'https://agency.test', LOG_LEVEL: 'silent' }));
    apps.push(app);
    return app;
  };

  beforeEach(() => {
    config = testConfig();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    removeDataDir(config);
  });

  it('stops the start, as instances with folders of their own would each make a key; a key file in DATA_DIR is enough for one instance', async () => {
    await expect(start()).rejects.toThrow(/SECRETS_KEY must be set when DATABASE_URL is/);
    expect(fs.existsSync(path.join(config.dataDir, SECRETS_KEY_FILE))).toBe(false);
    fs.writeFileSync(path.join(config.dataDir, SECRETS_KEY_FILE), `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    const app = await start();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
