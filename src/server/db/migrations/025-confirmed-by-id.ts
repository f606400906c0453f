import type { Kysely } from 'kysely';

/**
 * A send copies its recipients a page at a time in id order from the confirmed subscribers. With
 * only the (status, created_at) index, each page read every confirmed subscriber and sorted them
 * by id, so a list's copy grew with its square and each page of a 10,000 list held SQLite's thread
 * some 20 ms; on (status, id) a page reads its own rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('subscribers_confirmed_by_id').on('subscribers').columns(['status', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscribers_confirmed_by_id').execute();
}
