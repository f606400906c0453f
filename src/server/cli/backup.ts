import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { SECRETS_KEY_FILE } from '../auth/secrets-key';
import type { Config } from '../config';
import { SQLITE_FILE } from '../db/database';
import { runTool, ToolError, UsageError } from './run-tool';

const USAGE = `Usage:
  npm run backup                 a dated folder under DATA_DIR/backups
  npm run backup -- <folder>     a dated folder under <folder>

The copy holds the database (SQLite: a consistent copy taken while the site runs; PostgreSQL:
a pg_dump archive when pg_dump is installed), the uploaded images and the key that opens the
authenticator apps' secrets (DATA_DIR/secrets-key; SECRETS_KEY, when set, is yours to keep).`;

export const UPLOADS_DIR = 'uploads';
export const BACKUPS_DIR = 'backups';

/** 2030-01-31T09-15-00Z: sortable, and valid as a folder name everywhere. */
const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

runTool(USAGE, async (config, args) => {
  if (args.length > 1 || args[0]?.startsWith('-')) throw new UsageError('backup takes at most one folder.');
  const target = path.join(path.resolve(args[0] ?? path.join(config.dataDir, BACKUPS_DIR)), stamp());
  if (fs.existsSync(target)) throw new ToolError(`${target} already exists; try again in a second.`);
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });

  const uploads = path.join(config.dataDir, UPLOADS_DIR);
  const copiedUploads = fs.existsSync(uploads);
  const secretsKey = path.join(config.dataDir, SECRETS_KEY_FILE);
  const copiedKey = !config.secretsKey && fs.existsSync(secretsKey);
  let database: string;
  try {
    database = config.databaseUrl ? dumpPostgres(config, target) : await copySqlite(config, target);
    if (copiedUploads) fs.cpSync(uploads, path.join(target, UPLOADS_DIR), { recursive: true });
    // Without it a restored database's authenticator secrets open nowhere.
    if (copiedKey) fs.copyFileSync(secretsKey, path.join(target, SECRETS_KEY_FILE));
  } catch (error) {
    // No half backup that could later be taken for a whole one.
    fs.rmSync(target, { recursive: true, force: true });
    throw error;
  }

  console.log(`Backup written to ${target}`);
  console.log(`  database: ${database}`);
  // Images in a bucket are not on this disk: the store's own tools copy them.
  if (config.s3) console.log(`  uploads:  in the bucket ${config.s3.bucket}, not copied (e.g. aws s3 sync s3://${config.s3.bucket} <folder>)`);
  else console.log(`  uploads:  ${copiedUploads ? UPLOADS_DIR : 'none yet'}`);
  console.log(`  secrets key: ${copiedKey ? SECRETS_KEY_FILE : config.secretsKey ? 'SECRETS_KEY, not copied: keep it with the settings' : 'none yet'}`);
  // An upgraded site may have taken JWT_SECRET as its secrets key; the server warns at start too.
  if (copiedKey && config.jwtSecret && fs.readFileSync(secretsKey, 'utf8').replace(/\r?\n$/, '') === config.jwtSecret) {
    console.warn('Warning: this secrets key is also JWT_SECRET, so this backup can sign in as anyone. Change JWT_SECRET (everybody signs in again once), then take a new backup.');
  }
});

/** better-sqlite3's online backup: a consistent copy even while the server writes. */
async function copySqlite(config: Config, target: string): Promise<string> {
  const file = path.join(config.dataDir, SQLITE_FILE);
  if (!fs.existsSync(file)) throw new ToolError(`There is no database at ${file} yet: has the site been started with this DATA_DIR?`);
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    await sqlite.backup(path.join(target, SQLITE_FILE));
  } finally {
    sqlite.close();
  }
  return SQLITE_FILE;
}

/** PostgreSQL is backed up by its own tool; the README says how to do it by hand. */
function dumpPostgres(config: Config, target: string): string {
  const file = path.join(target, 'database.pgdump');
  const schema = config.databaseSchema ? ['--schema', config.databaseSchema] : [];
  const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', '--file', file, ...schema, config.databaseUrl!], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (dump.error || dump.status !== 0) {
    throw new ToolError(
      `pg_dump ${dump.error ? 'is not installed' : 'failed'}, so nothing was backed up. Back up the database by hand with:\n` +
        `  pg_dump --format=custom --no-owner --file=site.pgdump "$DATABASE_URL"`,
    );
  }
  return `${path.basename(file)} (pg_restore --no-owner --dbname="$DATABASE_URL" ${path.basename(file)})`;
}
