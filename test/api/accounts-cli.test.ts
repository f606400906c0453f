import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
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
  expect(run.stderr).toContain('Usage:');
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
    const run = await npmRun('admin', ['create', ' Owner@Example.com'], env, `${PASSWORD}\n`);
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
    expect((await npmRun('admin', ['create', 'owner@example.com'], env, PASSWORD)).code).toBe(0);
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

  it('backs the database up', async () => {
    const app = await buildApp(config);
    await register(app, 'owner@example.com');
    await app.close();
    const run = await npmRun('backup', [], env);
    const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
    if (engineEnv.DATABASE_URL && !hasPgDump) {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('pg_dump --format=custom');
      return;
    }
    expect(run.code).toBe(0);
    const [folder] = fs.readdirSync(path.join(config.dataDir, 'backups'));
    const file = path.join(config.dataDir, 'backups', folder!, engineEnv.DATABASE_URL ? 'database.pgdump' : 'site.db');
    expect(fs.statSync(file).size).toBeGreaterThan(0);
  }, 60_000);

  it('says what went wrong for an unknown account, an unknown command and missing arguments', async () => {
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

describe('npm run backup', () => {
  let config: Config;
  beforeEach(() => {
    config = testConfig();
  });
  afterEach(() => removeDataDir(config));

  it('copies the database, consistently while the site runs, and the uploads into a dated folder', async () => {
    const app = await buildApp(config);
    try {
      await register(app, 'owner@example.com');
      fs.mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
      fs.writeFileSync(path.join(config.dataDir, 'uploads', 'picture.webp'), 'image bytes');

      const run = await npmRun('backup', [], envOf(config, {}));
      expect(run.code).toBe(0);
      const folders = fs.readdirSync(path.join(config.dataDir, 'backups'));
      expect(folders).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/)]);
      const backup = path.join(config.dataDir, 'backups', folders[0]!);
      expect(run.stdout).toContain(backup);
      expect(fs.readFileSync(path.join(backup, 'uploads', 'picture.webp'), 'utf8')).toBe('image bytes');

      // The copy is a whole database on its own, with no WAL beside it.
      // With the key that opens the authenticator secrets, without which the copy's would not open.
      expect(fs.readdirSync(backup).sort()).toEqual(['secrets-key', 'site.db', 'uploads']);
      const copy = new SQLite(path.join(backup, 'site.db'), { readonly: true });
      try {
        expect(copy.prepare('SELECT email FROM users').all()).toEqual([{ email: 'owner@example.com' }]);
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        copy.close();
      }
    } finally {
      await app.close();
    }
  }, 60_000);

  it('writes into a folder given on the command line', async () => {
    const app = await buildApp(config);
    await app.close();
    const elsewhere = path.join(config.dataDir, 'elsewhere');
    const run = await npmRun('backup', [elsewhere], envOf(config, {}));
    expect(run.code).toBe(0);
    const [folder] = fs.readdirSync(elsewhere);
    expect(fs.readdirSync(path.join(elsewhere, folder!))).toContain('site.db');
    expect(run.stdout).toContain(path.join(elsewhere, folder!));
  }, 60_000);

  it('says so when there is no database yet', async () => {
    const run = await npmRun('backup', [], envOf(config, {}));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('There is no database at');
    expect(fs.readdirSync(path.join(config.dataDir, 'backups'))).toEqual([]);
  }, 60_000);
});
