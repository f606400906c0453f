import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { SECRETS_KEY_FILE } from '../auth/secrets-key';
import { SECRET_FILE as SIGNING_KEY_FILE } from '../auth/jwt-secret';
import type { Config } from '../config';
import { migrateToLatest, openDatabase, type Database } from '../db/database';
import { migrationProvider } from '../db/migrations';
import { ensurePrivateDir } from '../db/private-files';
import { PostIndexes } from '../posts/post-indexes';
import { entryKind, type Manifest } from './archive-format';
import type { ImageFiles } from './image-files';
import { linesOf, loadTable } from './load-table';
import { archiveEntries, ArchiveError, verifyArchive } from './read-archive';
import { databaseExists, emptyDatabase, targetContents, type TargetConfig } from './restore-target';
import { dropStaging, replaceWithStaged, stagingFor } from './staged-restore';
import { listTables } from './table-catalog';

/** A restore that would replace a site, refused because --force was not given. */
export class TargetNotEmptyError extends Error {}

export interface RestoreOptions {
  config: TargetConfig & Pick<Config, 'secretsKey' | 'jwtSecret'>;
  images: ImageFiles;
  /** Replace what the database and the image store hold. */
  force?: boolean;
  progress?: (message: string) => void;
}

const PROGRESS_EVERY = 500;

/**
 * Restores an archive into the configured database and image store: checks every byte of it
 * first (a bad archive changes nothing), refuses a target holding a site unless forced, migrates
 * an empty database to the archive's own version, loads the data, brings the schema up to date,
 * then rebuilds what is derived. Over a site it all happens beside it, which it then replaces: a
 * failure midway leaves the old site as it was (an empty target empty), never half restored.
 */
export async function restoreArchive(file: string, options: RestoreOptions): Promise<Manifest> {
  const { config, images, progress = () => undefined } = options;
  progress(`Checking ${file}...`);
  const { manifest, secrets } = await verifyArchive(file);
  // Known by name, not by place: an archive of a database that lacks a migration added since (or
  // one of its number added late) is migrated the rest of the way after loading.
  const known = new Set(Object.keys(await migrationProvider.getMigrations()));
  const unknown = manifest.migrations.find((name) => !known.has(name));
  if (unknown) throw new ArchiveError(`${file} was written by another version of the site (its database has migration ${unknown}, which this version does not know); restore it with that version or a later one.`);
  if (config.secretsKey && secrets.secretsKey !== undefined && secrets.secretsKey !== config.secretsKey) {
    throw new ArchiveError('SECRETS_KEY is set to another key than the backup\'s, which its authenticator secrets are sealed with: unset SECRETS_KEY for the restore and the site (the backup\'s key is then kept in DATA_DIR/secrets-key), or set it to that key.');
  }

  const found = await targetContents(config, images);
  if ((found.rows > 0 || found.images) && !options.force) {
    const what = [found.rows > 0 ? `a database with ${found.rows} rows` : '', found.images ? `images in ${images.where}` : ''].filter(Boolean).join(' and ');
    throw new TargetNotEmptyError(`This site already has ${what}. A restore replaces everything: run it again with --force to do so, or point it at an empty database and data folder.`);
  }
  // Over a site, the archive loads beside it and takes its place only once whole: a restore that
  // fails midway (a damaged entry found late, a full disk) leaves the old site as it was.
  const replacing = await databaseExists(config);
  const into = replacing ? stagingFor(config) : config;
  if (!replacing) await emptyDatabase(config);
  const before = new Set<string>();
  if (found.images) for await (const name of images.list()) before.add(name);
  const written: string[] = [];
  try {
    const database = await openDatabase(into, manifest.migrations.length > 0 ? { upTo: manifest.migrations.at(-1) } : {});
    try {
      await loadEntries(file, database, images, written, progress);
      await resetCounters(database);
      await migrateToLatest(database);
      if (database.engine === 'sqlite') await rebuildSearchIndex(database, progress);
    } finally {
      await database.close();
    }
    if (replacing) await replaceWithStaged(config, into);
  } catch (error) {
    // Back to what was there: the old site, or an empty target (a half-restored site would look whole).
    if (replacing) await dropStaging(into).catch(() => undefined);
    else await emptyDatabase(config).catch(() => undefined);
    for (const name of written) if (!before.has(name)) await images.remove(name).catch(() => undefined);
    throw error;
  }
  // The old site's images that the archive does not have go only now.
  const restored = new Set(written);
  for (const name of before) if (!restored.has(name)) await images.remove(name);
  keepSecrets(config, secrets);
  return manifest;
}

async function loadEntries(file: string, database: Database, images: ImageFiles, written: string[], progress: (message: string) => void): Promise<void> {
  const targets = new Map((await listTables(database.db, database)).map((table) => [table.name, table]));
  const identities = await identityTables(database);
  for await (const entry of archiveEntries(file)) {
    const kind = entryKind(entry.header.name);
    if (kind?.kind === 'data') {
      const target = targets.get(kind.table);
      if (!target) throw new ArchiveError(`The archive has a table ${kind.table} that this version's database does not.`);
      // What the migrations seeded (the first case studies, the site's draft row) gives way to the archive's rows.
      await sql`DELETE FROM ${sql.table(kind.table)}`.execute(database.db);
      const rows = await loadTable(database, target, linesOf(entry as AsyncIterable<Buffer>), identities.has(kind.table));
      progress(`  ${kind.table}: ${rows} rows`);
    } else if (kind?.kind === 'image') {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      await images.write(kind.name, Buffer.concat(chunks));
      written.push(kind.name);
      if (written.length % PROGRESS_EVERY === 0) progress(`  images: ${written.length} restored`);
    } else {
      entry.resume();
    }
  }
  if (written.length > 0) progress(`  images: ${written.length} restored into ${images.where}`);
}

/** PostgreSQL tables with an identity or serial column: their counters must pass the restored ids. */
async function identityTables(database: Database): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  if (database.engine !== 'postgres') return tables;
  const { rows } = await sql<{ table: string; column: string }>`
    SELECT table_name AS table, column_name AS column FROM information_schema.columns
    WHERE table_schema = ${database.schema ?? 'public'} AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`.execute(database.db);
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row.column]);
  return tables;
}

/** SQLite's AUTOINCREMENT keeps up by itself; PostgreSQL's sequences are set past the largest id. */
async function resetCounters(database: Database): Promise<void> {
  for (const [table, columns] of await identityTables(database)) {
    for (const column of columns) {
      const qualified = `${database.schema ?? 'public'}.${table}`;
      await sql`SELECT setval(pg_get_serial_sequence(${qualified}, ${column}), COALESCE((SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(database.db);
    }
  }
}

/** SQLite's search index is derived from the posts, and is not in the archive. */
async function rebuildSearchIndex(database: Database, progress: (message: string) => void): Promise<void> {
  const indexes = new PostIndexes('sqlite');
  await database.db.transaction().execute(async (trx) => {
    await sql`DELETE FROM posts_fts`.execute(trx);
    await trx.deleteFrom('post_search_rows').execute();
    let count = 0;
    for (let after = ''; ; ) {
      const page = await trx.selectFrom('posts').selectAll().where('id', '>', after).orderBy('id').limit(500).execute();
      if (page.length === 0) break;
      for (const post of page) await indexes.written(trx, post);
      count += page.length;
      after = page.at(-1)!.id;
    }
    progress(`  search index: ${count} posts`);
  });
}

/**
 * The secrets key goes where the server looks for it (unless SECRETS_KEY names it); the signing
 * key only when the archive holds it, and otherwise a stale one goes, so everybody signs in again.
 */
function keepSecrets(config: RestoreOptions['config'], secrets: { secretsKey?: string; signingKey?: string }): void {
  ensurePrivateDir(config.dataDir);
  if (secrets.secretsKey !== undefined && !config.secretsKey) fs.writeFileSync(path.join(config.dataDir, SECRETS_KEY_FILE), secrets.secretsKey, { mode: 0o600 });
  const signingKeyFile = path.join(config.dataDir, SIGNING_KEY_FILE);
  if (config.jwtSecret) return;
  if (secrets.signingKey !== undefined) fs.writeFileSync(signingKeyFile, secrets.signingKey, { mode: 0o600 });
  else fs.rmSync(signingKeyFile, { force: true });
}
