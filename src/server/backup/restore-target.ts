import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { SQLITE_FILE } from '../db/database';
import type { Schema } from '../db/schema';
import type { ImageFiles } from './image-files';
import { listTables } from './table-catalog';

export type TargetConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema' | 's3'>;

/** What a restore would replace: rows of a site's tables, and image files. */
export interface TargetContents {
  rows: number;
  images: boolean;
}

/**
 * What the database and the image store hold now, without creating either: a data folder or
 * schema that does not exist yet, or a database whose tables are all empty, holds nothing.
 */
export async function targetContents(config: TargetConfig, images: ImageFiles): Promise<TargetContents> {
  let rows = 0;
  if (await databaseExists(config)) {
    // Looked at as it is: opening it the usual way would migrate it.
    const engine = config.databaseUrl ? 'postgres' : 'sqlite';
    const schema = config.databaseSchema ?? 'public';
    const db = new Kysely<Schema>({
      dialect: config.databaseUrl
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: config.databaseUrl, max: 1, options: `-c search_path=${schema}` }) })
        : new SqliteDialect({ database: new SQLite(path.join(config.dataDir, SQLITE_FILE), { readonly: true }) }),
    });
    try {
      for (const table of await listTables(db, { engine, schema })) {
        const { rows: found } = await sql<{ count: number | string }>`SELECT count(*) AS count FROM ${sql.table(table.name)}`.execute(db);
        rows += Number(found[0]?.count ?? 0);
      }
    } finally {
      await db.destroy();
    }
  }
  for await (const name of images.list()) {
    void name;
    return { rows, images: true };
  }
  return { rows, images: false };
}

/** Whether the configured database exists at all (a SQLite file; PostgreSQL tables in the schema), without creating it. */
export async function databaseExists(config: TargetConfig): Promise<boolean> {
  if (!config.databaseUrl) return fs.existsSync(path.join(config.dataDir, SQLITE_FILE));
  return withClient(config.databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: string }>('SELECT count(*) AS count FROM information_schema.tables WHERE table_schema = $1', [config.databaseSchema ?? 'public']);
    return Number(rows[0]?.count) > 0;
  });
}

/**
 * Leaves the database as a fresh install finds it (no tables at all, not even the migrations'),
 * so that the restore can migrate it to the archive's own version before loading the data.
 */
export async function emptyDatabase(config: TargetConfig): Promise<void> {
  if (!config.databaseUrl) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(config.dataDir, `${SQLITE_FILE}${suffix}`), { force: true });
    return;
  }
  await withClient(config.databaseUrl, async (client) => {
    const schema = config.databaseSchema ?? 'public';
    const { rows } = await client.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'", [schema]);
    if (rows.length === 0) return;
    const names = rows.map((row) => `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(row.name)}`);
    await client.query(`DROP TABLE IF EXISTS ${names.join(', ')} CASCADE`);
  });
}

export async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
