import { sql, type Transaction } from 'kysely';
import type { Engine } from '../db/database';
import type { Schema } from '../db/schema';
import type { Table } from './table-catalog';

/** Rows are read this many at a time, so that no table is ever whole in memory. */
const PAGE_ROWS = 1000;

/**
 * A table's rows, page by page, inside the snapshot transaction `trx`: by rowid on SQLite, and
 * through a server-side cursor on PostgreSQL (an OFFSET would rescan, and a key is not generic).
 */
export async function* tablePages(trx: Transaction<Schema>, engine: Engine, table: Table): AsyncIterable<Record<string, unknown>[]> {
  const columns = sql.join(table.columns.map((column) => sql.ref(column.name)));
  if (engine === 'sqlite') {
    for (let after = Number.MIN_SAFE_INTEGER; ; ) {
      // Named apart: SQLite would name it after a table's INTEGER PRIMARY KEY column.
      const { rows } = await sql<Record<string, unknown> & { backup_rowid: number }>`
        SELECT _rowid_ AS backup_rowid, ${columns} FROM ${sql.table(table.name)} WHERE _rowid_ > ${after}
        ORDER BY _rowid_ LIMIT ${PAGE_ROWS}`.execute(trx);
      if (rows.length === 0) return;
      after = rows.at(-1)!.backup_rowid;
      yield rows;
    }
  }
  const cursor = sql.id(`backup_${table.name}`);
  await sql`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${columns} FROM ${sql.table(table.name)}`.execute(trx);
  try {
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`FETCH ${sql.raw(String(PAGE_ROWS))} FROM ${cursor}`.execute(trx);
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await sql`CLOSE ${cursor}`.execute(trx);
  }
}
