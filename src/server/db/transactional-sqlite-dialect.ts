import { SqliteAdapter, SqliteDialect, type DialectAdapter } from 'kysely';

/** SQLite runs schema changes inside transactions, which Kysely's adapter does not claim. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * SQLite as Kysely speaks it, with the migrations run in one transaction: a migration that
 * fails leaves the database as it was, and a fresh database is made with one sync to disk
 * instead of one for every statement of every migration (the site syncs every commit).
 */
export class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
