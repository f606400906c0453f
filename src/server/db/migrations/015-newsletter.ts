import type { Kysely } from 'kysely';

/**
 * Readers by e-mail: the subscribers, one send per post, and one row per recipient of a send,
 * claimed before its mail leaves so that no instance mails a subscriber twice and a send cut
 * short carries on where it stopped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    /** Trimmed and lower-cased. */
    .addColumn('email', 'text', (col) => col.notNull().unique())
    /** pending (not confirmed yet), confirmed, bounced (refused permanently: never mailed again). */
    .addColumn('status', 'text', (col) => col.notNull())
    /** SHA-256 of the confirmation link's token; the token itself is only in the mail. */
    .addColumn('token_hash', 'text')
    .addColumn('token_expires_at', 'text')
    /** When the last confirmation mail was sent: asking again sooner sends none. */
    .addColumn('confirmation_sent_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('bounced_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('subscribers_status').on('subscribers').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('subscribers_token').on('subscribers').column('token_hash').execute();

  await db.schema
    .createTable('newsletter_sends')
    .addColumn('post_id', 'text', (col) => col.primaryKey())
    /** waiting (for the post to become visible), sending, done. */
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    /** The confirmed subscribers when the send started: its recipients. */
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('newsletter_sends_state').on('newsletter_sends').column('state').execute();

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('post_id', 'text', (col) => col.notNull())
    .addColumn('subscriber_id', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    /** pending, sending (claimed until `claimed_until`), sent, failed, skipped (gone before its turn). */
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['post_id', 'subscriber_id'])
    .execute();
  await db.schema.createIndex('newsletter_deliveries_due').on('newsletter_deliveries').columns(['post_id', 'state', 'subscriber_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema.dropTable('newsletter_sends').execute();
  await db.schema.dropTable('subscribers').execute();
}
