import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { holdingLock, lockName } from './advisory-lock';
import { surviveConnectionLoss, type ConnectionLossLog } from './connection-loss';
import { ensurePrivateDir, ensurePrivateFile } from './private-files';
import { migrationProvider } from './migrations';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import { TransactionalSqliteDialect } from './transactional-sqlite-dialect';
import type { Schema } from './schema';
import { withStatementCache } from './statement-cache';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Schema>;
  engine: Engine;
  /** PostgreSQL: the schema the tables live in. */
  schema?: string;
  close(): Promise<void>;
}

export const SQLITE_FILE = 'site.db';

/**
 * How the connections of a site are named in PostgreSQL's pg_stat_activity: by their role and
 * the schema, so that an operator (or a test) can tell one site's connections from another's.
 */
export function applicationName(role: 'pool' | 'migrate' | 'changes', schema: string | undefined): string {
  return `larkspur-${role}${schema ? `:${schema}` : ''}`;
}

/** A request waits this long for a connection of a database that does not answer, then fails (503). */
const CONNECT_TIMEOUT_MS = 5_000;

export interface OpenOptions {
  /** Where a lost PostgreSQL connection is reported. */
  log?: ConnectionLossLog;
  /** Migrate only this far (a restore loads data under the migrations it was written under). */
  upTo?: string;
  /** SQLite: how long a statement waits for another connection's write lock before it fails. */
  busyTimeoutMs?: number;
}

/**
 * Opens the database the configuration names (PostgreSQL when DATABASE_URL is set, otherwise
 * SQLite in DATA_DIR) and brings its schema up to date. Nothing outside db/ and the
 * repositories speaks SQL.
 */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'> & { databaseSchema?: string }, options: OpenOptions = {}): Promise<Database> {
  if (!config.databaseUrl) {
    const database = openSqlite(config.dataDir, options.busyTimeoutMs);
    await migrateOrClose(database, options.upTo);
    return database;
  }
  return openPostgres(config.databaseUrl, config.databaseSchema, options);
}

/**
 * Whether the database answers and holds every migration this version knows: what readiness
 * means (a database still being migrated, by this instance or another, is not ready).
 */
export async function isMigrated(database: Database): Promise<boolean> {
  const known = Object.keys(await migrationProvider.getMigrations());
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(database.db);
  const applied = new Set(rows.map((row) => row.name));
  return known.every((name) => applied.has(name));
}

/** Brings a database opened with `upTo` the rest of the way. */
export async function migrateToLatest(database: Database): Promise<void> {
  await migrate(database.db, database.schema);
}

async function migrateOrClose(database: Database, upTo?: string): Promise<void> {
  try {
    await migrate(database.db, database.schema, upTo);
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** What a request waits for SQLite's write lock, held by another connection, before it fails. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

function openSqlite(dataDir: string, busyTimeoutMs = SQLITE_BUSY_TIMEOUT_MS): Database {
  ensurePrivateDir(dataDir);
  const file = path.join(dataDir, SQLITE_FILE);
  // SQLite gives its -wal and -shm files the database file's mode, so this one decides all three.
  for (const name of [file, `${file}-wal`, `${file}-shm`]) ensurePrivateFile(name, { create: name === file });
  const sqlite = new SQLite(file);
  // WAL: readers never wait for the writer, and a killed process loses no committed write.
  sqlite.pragma('journal_mode = WAL');
  // FULL: the log is synced at every commit, so a power loss loses no acknowledged write either
  // (NORMAL syncs only at checkpoints). Its cost is in docs/benchmarks.md.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  const db = new Kysely<Schema>({ dialect: new TransactionalSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * Any number of instances may start at once on one database: the schema and its migrations are
 * set up under an advisory lock, held on a connection of its own, so one instance migrates and
 * the others find the work done.
 */
async function openPostgres(connectionString: string, schema: string | undefined, { log, upTo }: OpenOptions): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const setup = new pg.Client({ connectionString, application_name: applicationName('migrate', schema) });
  await setup.connect();
  try {
    return await holdingLock(setup, lockName('migrate', schema), async () => {
      // A private schema per test suite, so suites can share one PostgreSQL database.
      if (schema) await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      const pool = new pg.Pool({
        connectionString,
        max: 10,
        application_name: applicationName('pool', schema),
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        ...(schema ? { options: `-c search_path=${schema}` } : {}),
      });
      surviveConnectionLoss(pool, log);
      const db = new Kysely<Schema>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
      const found = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db).catch(async (error: unknown) => {
        await db.destroy();
        throw error;
      });
      const database: Database = { db, engine: 'postgres', schema: found.rows[0]?.schema ?? 'public', close: () => db.destroy() };
      await migrateOrClose(database, upTo);
      return database;
    });
  } finally {
    await setup.end().catch(() => undefined);
  }
}

/** PostgreSQL's invalid_schema_name and undefined_table. */
const SCHEMA_VANISHED = '3F000';
const TABLE_VANISHED = '42P01';

async function migrate(db: Kysely<Schema>, schema: string | undefined, upTo?: string): Promise<void> {
  // Named, or Kysely would take another schema's migration table for ours.
  // A migration a database lacks runs when found, even after later ones: a database left by a
  // release that lacked one (or that dropped a table of one) is brought whole, not refused.
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema, allowUnorderedMigrations: true });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await (upTo === undefined ? migrator.migrateToLatest() : migrator.migrateTo(upTo));
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) return;
    // Kysely's introspection scans every schema of the database; one dropped meanwhile by
    // someone else (another suite, another application), or a table of theirs renamed, fails the
    // scan (no migration of ours has failed), not our migration.
    const code = (error as { code?: string } | undefined)?.code;
    if ((code === SCHEMA_VANISHED || (code === TABLE_VANISHED && !failed)) && attempt < 3) continue;
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
