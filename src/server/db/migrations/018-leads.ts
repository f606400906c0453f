import { sql, type Kysely } from 'kysely';

/**
 * Leads: every contact message's pipeline state (status, follow-up date, amount once won) and the
 * way its sender came in (landing page, referrer host, campaign tags, the pages viewed before
 * writing). A lead's row outlives its message, with nothing personal left in it, so that erasing a
 * person keeps their counts in Insights. `lead_reminders` holds one row per local day: the first
 * instance to add it mails the day's follow-ups, the others find it there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leads')
    /** The contact message's id; the message may be gone (erased), the lead stays for the counts. */
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('received_at', 'text', (col) => col.notNull())
    /** 0 while its message sits in the spam folder: not a lead, not counted. */
    .addColumn('is_lead', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('status_changed_at', 'text', (col) => col.notNull())
    /** A local date, YYYY-MM-DD, in the site's time zone. */
    .addColumn('follow_up_on', 'text')
    .addColumn('amount_cents', 'bigint')
    /** utm_source, else the referrer's host, else 'direct'. */
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('landing_path', 'text')
    .addColumn('referrer_host', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('erased_at', 'text')
    .execute();
  await db.schema.createIndex('leads_received').on('leads').columns(['is_lead', 'received_at']).execute();
  await db.schema.createIndex('leads_follow_up').on('leads').columns(['follow_up_on']).execute();

  await db.schema
    .createTable('lead_paths')
    .addColumn('lead_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('lead_paths_pk', ['lead_id', 'position'])
    .execute();

  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('lead_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('lead_notes_lead').on('lead_notes').columns(['lead_id', 'created_at']).execute();

  await db.schema
    .createTable('lead_reminders')
    /** The local day, YYYY-MM-DD. */
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('due_count', 'integer', (col) => col.notNull())
    /** 'none' (nothing due: no mail), 'pending', 'sending', 'sent' or 'failed'. */
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();

  // Messages kept before leads existed become leads that came in directly.
  await sql`insert into leads (id, received_at, is_lead, status, status_changed_at, source)
    select id, created_at, case when folder = 'inbox' then 1 else 0 end, 'new', created_at, 'direct' from contact_messages`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lead_reminders', 'lead_notes', 'lead_paths', 'leads']) await db.schema.dropTable(table).execute();
}
