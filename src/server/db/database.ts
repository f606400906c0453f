import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { holdingLock, lockName } from './advisory-lock';
import { migrationProvider } from './migrations';
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
 * Opens the database the configuration names (PostgreSQL when DATABASE_URL is set, otherwise
 * SQLite in DATA_DIR) and brings its schema up to date. Nothing outside db/ and the
 * repositories speaks SQL.
 */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'> & { databaseSchema?: string }): Promise<Database> {
  if (!config.databaseUrl) {
    const database = openSqlite(config.dataDir);
    await migrateOrClose(database);
    return database;
  }
  return openPostgres(config.databaseUrl, config.databaseSchema);
}

async function migrateOrClose(database: Database): Promise<void> {
  try {
    await migrate(database.db, database.schema);
  } catch (error) {
    await database.close();
    throw error;
  }
}

function openSqlite(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, SQLITE_FILE));
  // WAL: readers never wait for the writer, and a killed process loses no committed write.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * Any number of instances may start at once on one database: the schema and its migrations are
 * set up under an advisory lock, held on a connection of its own, so one instance migrates and
 * the others find the work done.
 */
async function openPostgres(connectionString: string, schema?: string): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const setup = new pg.Client({ connectionString, application_name: 'larkspur-migrate' });
  await setup.connect();
  try {
    return await holdingLock(setup, lockName('migrate', schema), async () => {
      // A private schema per test suite, so suites can share one PostgreSQL database.
      if (schema) await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      const pool = new pg.Pool({ connectionString, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
      const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
      const found = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db).catch(async (error: unknown) => {
        await db.destroy();
        throw error;
      });
      const database: Database = { db, engine: 'postgres', schema: found.rows[0]?.schema ?? 'public', close: () => db.destroy() };
      await migrateOrClose(database);
      return database;
    });
  } finally {
    await setup.end().catch(() => undefined);
  }
}

/** PostgreSQL's invalid_schema_name. */
const SCHEMA_VANISHED = '3F000';

async function migrate(db: Kysely<Schema>, schema: string | undefined): Promise<void> {
  // Named, or Kysely would take another schema's migration table for ours.
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) return;
    // Kysely's introspection scans every schema of the database; one dropped meanwhile by
    // someone else (another suite, another application) fails the scan, not our migration.
    if ((error as { code?: string } | undefined)?.code === SCHEMA_VANISHED && attempt < 3) continue;
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
