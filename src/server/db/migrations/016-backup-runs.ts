import type { Kysely } from 'kysely';

/**
 * Backups taken: by the daily schedule (one row per local day, whose unique `day` lets the first
 * instance of the morning claim it, so that another waking later finds it done) and by the command
 * line (no day). The last hundred are kept: the owner's Backups page reads the newest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** 'schedule' or 'command'. */
    .addColumn('trigger', 'text', (col) => col.notNull())
    /** The site's local day, YYYY-MM-DD, of a scheduled run; null for the command line's. */
    .addColumn('day', 'text', (col) => col.unique())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    /** 'running', 'ok' or 'failed'. */
    .addColumn('state', 'text', (col) => col.notNull())
    /** The archive's file name (or the bucket's key). */
    .addColumn('name', 'text')
    .addColumn('size', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('backup_runs_started').on('backup_runs').columns(['started_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup_runs').execute();
}
