import type { Kysely } from 'kysely';

/**
 * Contact messages, kept before any mail is attempted so that none is lost while the mail
 * server is away. Spam lives in the same table under its own folder and is never mailed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('folder', 'text', (col) => col.notNull())
    .addColumn('spam_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('read_at', 'text')
    .addColumn('delivery_state', 'text', (col) => col.notNull())
    .addColumn('delivery_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    /** Retries stop after this; set when the message is first queued (or moved out of spam). */
    .addColumn('deliver_by', 'text')
    /** While an instance is mailing the message, no other may claim it before this time. */
    .addColumn('claimed_until', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('contact_messages_folder').on('contact_messages').columns(['folder', 'created_at']).execute();
  await db.schema.createIndex('contact_messages_due').on('contact_messages').columns(['delivery_state', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
}
