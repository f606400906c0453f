import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SQLITE_FILE } from '../db/database';
import { ensurePrivateDir } from '../db/private-files';
import { withClient, type TargetConfig } from './restore-target';

/**
 * Where a restore over a site loads the archive before anything of the site is touched: a new
 * SQLite file in a folder beside the old one, or a new PostgreSQL schema beside the site's. A
 * restore that fails midway removes it and leaves the site as it was; one that succeeds puts it
 * in the site's place at once (`replaceWithStaged`).
 */
export function stagingFor(config: TargetConfig): TargetConfig {
  if (!config.databaseUrl) {
    ensurePrivateDir(config.dataDir);
    return { ...config, dataDir: fs.mkdtempSync(path.join(config.dataDir, '.restoring-')) };
  }
  // Within PostgreSQL's 63 bytes: DATABASE_SCHEMA is at most 46.
  return { ...config, databaseSchema: `${config.databaseSchema ?? 'public'}_r${randomBytes(4).toString('hex')}` };
}

/** Removes what stagingFor made (after a failure, or what is left of it after the swap). */
export async function dropStaging(staging: TargetConfig): Promise<void> {
  if (!staging.databaseUrl) {
    fs.rmSync(staging.dataDir, { recursive: true, force: true });
    return;
  }
  await withClient(staging.databaseUrl, (client) => client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(staging.databaseSchema!)} CASCADE`));
}

/**
 * Puts the staged database in the site's place. SQLite: the old file's write-ahead log is folded
 * into it and removed (so that it cannot be replayed onto the new file), then the new file is
 * renamed over the old, which is atomic. PostgreSQL: in one transaction, the site's schema is
 * renamed aside, the staged one takes its name, and the old one is dropped; a failure rolls back
 * to the old site whole.
 */
export async function replaceWithStaged(target: TargetConfig, staging: TargetConfig): Promise<void> {
  if (!target.databaseUrl) {
    const file = path.join(target.dataDir, SQLITE_FILE);
    if (fs.existsSync(file)) {
      const old = new SQLite(file);
      old.pragma('wal_checkpoint(TRUNCATE)');
      old.close();
    }
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    fs.renameSync(path.join(staging.dataDir, SQLITE_FILE), file);
    fs.rmSync(staging.dataDir, { recursive: true, force: true });
    return;
  }
  const schema = target.databaseSchema ?? 'public';
  const aside = `${schema}_o${randomBytes(4).toString('hex')}`;
  await withClient(target.databaseUrl, async (client) => {
    const name = (value: string) => client.escapeIdentifier(value);
    await client.query('BEGIN');
    try {
      await client.query(`ALTER SCHEMA ${name(schema)} RENAME TO ${name(aside)}`);
      await client.query(`ALTER SCHEMA ${name(staging.databaseSchema!)} RENAME TO ${name(schema)}`);
      await client.query(`DROP SCHEMA ${name(aside)} CASCADE`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
