import type { Kysely } from 'kysely';

/**
 * A send's recipients are copied from the subscribers a page at a time, each page its own short
 * transaction, so that a long list never holds the database (and SQLite's one thread) at once:
 * `copied_after` is the last subscriber id copied ('' before the first page), null once the list
 * is complete. A copy cut short by a crash carries on from there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_sends').addColumn('copied_after', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('newsletter_sends').dropColumn('copied_after').execute();
}
