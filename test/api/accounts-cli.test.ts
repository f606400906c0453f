import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { engines } from '../support/engines';
import { npmRun, root } from '../support/npm-run';
import { removeDataDir, testConfig } from '../support/test-config';
import { addProtectedRoute, login, OTHER_PASSWORD, PASSWORD, register, whoami } from './accounts-helpers';

/** The environment that points the tools at a test's configuration. */
const envOf = (config: Config, engineEnv: Record<string, string>) => ({ ...engineEnv, DATA_DIR: config.dataDir, LOG_LEVEL: 'silent', SITE_URL: config.siteUrl });

beforeAll(() => {
  // Builds once when the build is missing or stale, as the owner's first run on a fresh clone would.
  const run = spawnSync('node', ['scripts/start.mjs', '--entry=cli-admin', 'help'], { cwd: root, encoding: 'utf8', timeout: 540_000 });
  expect(run.stdout).toContain('Usage:');
}, 600_000);

describe.each(engines())('the owner\'s tools on $name', ({ env: engineEnv }) => {
  let config: Config;
  let env: Record<string, string>;
  let schema: string | undefined;

  beforeEach(() => {
    schema = engineEnv.DATABASE_SCHEMA ? `${engineEnv.DATABASE_SCHEMA}_${randomBytes(4).toString('hex')}` : undefined;
    const withSchema = { ...engineEnv, ...(schema ? { DATABASE_SCHEMA: schema } : {}) };
    config = testConfig(withSchema);
    env = envOf(config, withSchema);
  });
  afterEach(async () => {
    removeDataDir(config);
  });

  it('creates an administrator with a piped password, who can then sign in', async () => {
    const run = await npmRun('admin', ['create', ' Owner@Example.com', '--init'], env, `${PASSWORD}\n`);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain('Created the administrator account owner@example.com');

    const app = await buildApp(config);
    try {
      expect((await login(app, 'owner@example.com', PASSWORD)).statusCode).toBe(200);
      // It is the first account, so the register page is closed now.
      expect((await register(app, 'someone@example.com')).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('refuses to create an account twice, or with a password that breaks a rule', async () => {
    expect((await npmRun('admin', ['create', 'owner@example.com', '--init'], env, PASSWORD)).code).toBe(0);
    const twice = await npmRun('admin', ['create', 'OWNER@example.com'], env, OTHER_PASSWORD);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('An account for owner@example.com already exists');

    const weak = await npmRun('admin', ['create', 'second@example.com'], env, 'second@example.com');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Password must not be your email address.');
    expect(weak.stderr).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
  }, 60_000);

  it('resets a password from the shell, retiring every earlier sign-in', async () => {
    const app = await buildApp(config);
    addProtectedRoute(app);
    try {
      await register(app, 'owner@example.com');
      const before = (await login(app, 'owner@example.com')).json().token;

      const run = await npmRun('admin', ['reset-password', 'owner@example.com'], env, `${OTHER_PASSWORD}\r\n`);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Set a new password for owner@example.com');

      expect((await whoami(app, before)).statusCode).toBe(401);
      expect((await login(app, 'owner@example.com', PASSWORD)).statusCode).toBe(401);
      expect((await login(app, 'owner@example.com', OTHER_PASSWORD)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('says what went wrong for an unknown account, an unknown command and missing arguments', async () => {
    await (await buildApp(config)).close();
    const unknown = await npmRun('admin', ['reset-password', 'nobody@example.com'], env, OTHER_PASSWORD);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no account for nobody@example.com.');

    const bad = await npmRun('admin', ['delete', 'owner@example.com'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown command "delete".');
    expect(bad.stderr).toContain('npm run admin -- create <email>');

    expect((await npmRun('admin', ['create'], env)).code).toBe(2);
    const notAnAddress = await npmRun('admin', ['create', 'owner'], env, PASSWORD);
    expect(notAnAddress.code).toBe(1);
    expect(notAnAddress.stderr).toContain('Please enter a valid email address.');
  }, 60_000);
});
