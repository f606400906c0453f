import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';

/** How a column's values travel between the engines (value-codec.ts). */
export type ColumnKind = 'text' | 'integer' | 'real' | 'boolean' | 'bytes' | 'json' | 'timestamp';

export interface Column {
  name: string;
  kind: ColumnKind;
}

export interface Table {
  name: string;
  columns: Column[];
  /** The tables this one's foreign keys point at (itself left out). */
  references: string[];
}

/** Kysely's own bookkeeping: the restore rebuilds it by running the migrations the archive names. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * The record of backups taken is this installation's, not the site's: an archive holding it would
 * show its own run as still running once restored, and the runs alone are no site to protect.
 */
const INSTALLATION_TABLES = new Set(['backup_runs']);

/**
 * SQLite's search index (FTS5's virtual table, its shadow tables and the rowid map) is derived
 * from the posts and exists on one engine only: it is rebuilt after a restore, never carried.
 */
const DERIVED_SQLITE_TABLES = new Set(['post_search_rows', 'sqlite_sequence']);

/**
 * Every table of the site's database, found in the engine's catalogue rather than listed by hand,
 * so that a table a later migration adds is backed up without anyone remembering to, in an order
 * in which each table comes after the tables it references.
 */
export async function listTables(db: Kysely<Schema>, database: Pick<Database, 'engine' | 'schema'>): Promise<Table[]> {
  const tables = database.engine === 'sqlite' ? await sqliteTables(db) : await postgresTables(db, database.schema ?? 'public');
  return inReferenceOrder(tables.filter((table) => !MIGRATION_TABLES.has(table.name) && !INSTALLATION_TABLES.has(table.name)));
}

async function sqliteTables(db: Kysely<Schema>): Promise<Table[]> {
  const { rows } = await sql<{ name: string; sql: string | null }>`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db);
  const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? '')).map((row) => row.name);
  const isDerived = (name: string) => DERIVED_SQLITE_TABLES.has(name) || virtual.some((table) => name === table || name.startsWith(`${table}_`));
  const tables: Table[] = [];
  for (const { name } of rows.filter((row) => !isDerived(row.name))) {
    const columns = await sql<{ name: string; type: string; hidden: number }>`SELECT name, type, hidden FROM pragma_table_xinfo(${name})`.execute(db);
    const keys = await sql<{ table: string }>`SELECT "table" FROM pragma_foreign_key_list(${name})`.execute(db);
    tables.push({
      name,
      // Generated columns (hidden 2 and 3) are the engine's to compute.
      columns: columns.rows.filter((column) => column.hidden === 0).map((column) => ({ name: column.name, kind: sqliteKind(column.type) })),
      references: [...new Set(keys.rows.map((key) => key.table))].filter((table) => table !== name),
    });
  }
  return tables;
}

/** SQLite's type affinity rules, by the declared type's name. */
function sqliteKind(declared: string): ColumnKind {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (type.includes('BOOL')) return 'boolean';
  if (type.includes('BLOB') || type === '') return 'bytes';
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB') || type.includes('NUMERIC') || type.includes('DECIMAL')) return 'real';
  if (type.includes('JSON')) return 'json';
  return 'text';
}

async function postgresTables(db: Kysely<Schema>, schema: string): Promise<Table[]> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = ${schema} AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const columns = await sql<{ table: string; name: string; type: string; generated: string; identity: string }>`
    SELECT table_name AS table, column_name AS name, data_type AS type, is_generated AS generated, is_identity AS identity
    FROM information_schema.columns WHERE table_schema = ${schema} ORDER BY table_name, ordinal_position`.execute(db);
  const keys = await sql<{ table: string; target: string }>`
    SELECT source.relname AS table, target.relname AS target
    FROM pg_constraint c
    JOIN pg_class source ON source.oid = c.conrelid
    JOIN pg_class target ON target.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = source.relnamespace
    WHERE c.contype = 'f' AND n.nspname = ${schema}`.execute(db);
  return tables.rows.map(({ name }) => ({
    name,
    columns: columns.rows
      .filter((column) => column.table === name && column.generated !== 'ALWAYS')
      .map((column) => ({ name: column.name, kind: postgresKind(column.type) })),
    references: [...new Set(keys.rows.filter((key) => key.table === name && key.target !== name).map((key) => key.target))],
  }));
}

function postgresKind(type: string): ColumnKind {
  if (['smallint', 'integer', 'bigint'].includes(type)) return 'integer';
  if (['real', 'double precision', 'numeric'].includes(type)) return 'real';
  if (type === 'boolean') return 'boolean';
  if (type === 'bytea') return 'bytes';
  if (type === 'json' || type === 'jsonb') return 'json';
  if (type.startsWith('timestamp') || type === 'date') return 'timestamp';
  return 'text';
}

/** Referenced tables first; a cycle of foreign keys (none in this schema) is an error, not a guess. */
function inReferenceOrder(tables: Table[]): Table[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: Table[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: Table) => {
    if (state.get(table.name) === 'done') return;
    if (state.get(table.name) === 'visiting') throw new Error(`The foreign keys of ${table.name} form a cycle; it cannot be restored in order.`);
    state.set(table.name, 'visiting');
    for (const name of table.references) {
      const referenced = byName.get(name);
      if (referenced) visit(referenced);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}
