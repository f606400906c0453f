import type { Kysely } from 'kysely';

/**
 * A pending subscriber's confirmation mail is queued on its own row: due from this time (and
 * held against other instances a while by a sender that took it), null once mailed. A mail server
 * that is down delays the mail; it no longer loses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscribers').addColumn('confirmation_due_at', 'text').execute();
  await db.schema.createIndex('subscribers_confirmation_due').on('subscribers').column('confirmation_due_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscribers_confirmation_due').execute();
  await db.schema.alterTable('subscribers').dropColumn('confirmation_due_at').execute();
}
