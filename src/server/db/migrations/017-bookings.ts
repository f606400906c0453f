import { sql, type Kysely } from 'kysely';

/**
 * Calls visitors book (docs/product.md#book-a-call), the owner's booking settings, the last good
 * copy of each busy calendar, and the booking mails waiting to go (invitations, updates,
 * cancellations, reminders), each claimed by one instance before it is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('booking_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('start_at', 'text', (col) => col.notNull())
    .addColumn('end_at', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    /** SHA-256 of the link's token; the token itself is only in the visitor's mail. */
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('sequence', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('cancelled_by', 'text')
    .execute();
  // The database, not the handler, decides between two visitors racing for one time: only one
  // booking that is not cancelled may start at a given instant (on every instance).
  await db.schema
    .createIndex('bookings_taken_start')
    .on('bookings')
    .column('start_at')
    .unique()
    .where(sql.ref('cancelled_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('booking_calendars')
    .addColumn('url', 'text', (col) => col.primaryKey())
    .addColumn('body', 'text')
    .addColumn('fetched_at', 'text')
    .addColumn('error', 'text')
    .addColumn('failed_at', 'text')
    /** Set by the instance fetching it; another waits until this time. */
    .addColumn('claimed_until', 'text')
    .execute();

  await db.schema
    .createTable('booking_mails')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('booking_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    /** The rendered mail as JSON; a reminder is rendered when it goes. */
    .addColumn('mail', 'text')
    .addColumn('due_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('booking_mails_due').on('booking_mails').columns(['sent_at', 'due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('booking_mails').execute();
  await db.schema.dropTable('booking_calendars').execute();
  await db.schema.dropTable('bookings').execute();
  await db.schema.dropTable('booking_settings').execute();
}
