import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { TtlCache } from '../cache/ttl-cache';

/**
 * Kysely's SQLite driver prepares a statement for every query it runs, which costs as much as
 * running a small query. The same SQL text reuses its statement here; values are parameters, so
 * the number of distinct texts stays small. Safe because the driver runs one query at a time.
 */
export function withStatementCache(sqlite: SQLite.Database, maxStatements = 500): SqliteDatabase {
  // No ttl: SQLite prepares a statement again by itself when the schema changed under it.
  const statements = new TtlCache<SQLite.Statement>({ maxEntries: maxStatements });
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement, statements.generation);
      }
      return statement;
    },
  };
}
