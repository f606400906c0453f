import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { version } from '../../package.json';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { engines } from '../support/engines';
import { npmRun, root } from '../support/npm-run';
import { adminToken, createPost } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';
import { siteEnv } from './backup-helpers';

const envOf = (config: Config): Record<string, string> => ({
  ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: config.databaseSchema! } : {}),
  ...(config.secretsKey ? { SECRETS_KEY: config.secretsKey } : {}),
  DATA_DIR: config.dataDir,
  LOG_LEVEL: 'silent',
  SITE_URL: config.siteUrl,
});

beforeAll(() => {
  // Builds once when the build is missing or stale.
  const run = spawnSync('node', ['scripts/start.mjs', '--entry=cli-restore', '--help'], { cwd: root, encoding: 'utf8', timeout: 540_000 });
  expect(run.stdout).toContain('Usage:');
}, 600_000);

describe('the conventions every tool follows', () => {
  it.each(['admin', 'backup', 'restore'])('%s: --help to standard output with exit 0, --version, and exit 2 for a wrong option', async (tool) => {
    const help = await npmRun(tool, ['--help'], {});
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage:/);
    expect(help.stdout).toContain('Exit codes:');
    expect(await npmRun(tool, ['-h'], {})).toMatchObject({ code: 0, stdout: help.stdout });

    expect(await npmRun(tool, ['--version'], {})).toMatchObject({ code: 0, stdout: `${version}\n` });

    const wrong = await npmRun(tool, ['--frobnicate'], {});
    expect(wrong.code).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toContain("Unknown option '--frobnicate'");
    expect(wrong.stderr).toContain('Usage:');
  }, 60_000);
});

describe.each(engines())('backup and restore from the command line on $name', ({ name: engine }) => {
  const configs: Config[] = [];
  const site = (extra: Record<string, string> = {}) => {
    const config = testConfig(siteEnv(engine, extra));
    configs.push(config);
    return config;
  };
  afterEach(() => configs.splice(0).forEach(removeDataDir));

  it('refuses to act where there is no site database, creating none, unless --init says a new site is meant', async () => {
    const config = site();
    const backup = await npmRun('backup', [], envOf(config));
    expect(backup.code).toBe(3);
    expect(backup.stderr).toContain(`Site: database ${engine === 'sqlite' ? `SQLite ${config.dataDir}/site.db` : 'PostgreSQL'}`);
    expect(backup.stderr).toContain('There is no site database here');
    const reset = await npmRun('admin', ['reset-password', 'owner@example.com'], envOf(config), 'a long new passphrase here');
    expect(reset.code).toBe(3);
    expect(reset.stderr).toContain('add --init to create a new, empty site here');
    expect(fs.existsSync(path.join(config.dataDir, 'site.db'))).toBe(false);

    const created = await npmRun('admin', ['create', 'owner@example.com', '--init'], envOf(config), 'a long new passphrase here');
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('creating a new one (--init)');
  }, 60_000);

  it('backs a site up with progress, restores it elsewhere, and will not restore over it without --force', async () => {
    const source = site({ SECRETS_KEY: 'a'.repeat(32) });
    const app = await buildApp(source);
    try {
      await createPost(app, await adminToken(app), { title: 'From the shell', body: 'Text.' });
    } finally {
      await app.close();
    }
    const backup = await npmRun('backup', [], envOf(source));
    expect(backup.code).toBe(0);
    expect(backup.stderr).toContain('posts: 1 rows');
    const file = /Backup written to (\S+)/.exec(backup.stdout)![1]!;
    expect(file.startsWith(path.join(source.dataDir, 'backups'))).toBe(true);
    expect(backup.stdout).toContain('without the token-signing key');
    // Recorded as the schedule's runs are, its lease given up once it ended.
    const database = await openDatabase(source);
    try {
      expect(await database.db.selectFrom('backup_runs').select(['trigger', 'day', 'state', 'name', 'claimed_until']).execute()).toEqual([{ trigger: 'command', day: null, state: 'ok', name: path.basename(file), claimed_until: null }]);
    } finally {
      await database.close();
    }

    const target = site();
    const restored = await npmRun('restore', [file], envOf(target));
    expect(restored.code).toBe(0);
    expect(restored.stderr).toContain(`Checking ${file}`);
    expect(restored.stdout).toContain('Everybody signs in again');

    const again = await npmRun('restore', [file], envOf(target));
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('run it again with --force');
    expect((await npmRun('restore', [file, '--force'], envOf(target))).code).toBe(0);

    const foreign = path.join(target.dataDir, 'foreign.tar.gz');
    fs.writeFileSync(foreign, 'not an archive');
    const refused = await npmRun('restore', [foreign], envOf(target));
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('Nothing was changed.');
  }, 120_000);
});
