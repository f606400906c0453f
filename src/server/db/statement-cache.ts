import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares a statement for every query it runs, which costs as much as
 * running a small query. The same SQL text reuses its statement here; values are parameters, so
 * the number of distinct texts stays small. Safe because the driver runs one query at a time.
 */
export function withStatementCache(sqlite: SQLite.Database, maxStatements = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
