import { sql, type Kysely } from 'kysely';

/**
 * `insight_vital_counts`: each complete day's vitals counted per page type, vital and value on a
 * grid, so that a range's p75 is read from a few rows a day instead of from every report. Kept
 * as long as the day's single events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insight_vital_counts')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('page_type', 'text', (col) => col.notNull())
    /** 'lcp', 'inp' or 'cls'. */
    .addColumn('vital', 'text', (col) => col.notNull())
    .addColumn('value', 'double precision', (col) => col.notNull())
    .addColumn('samples', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('insight_vital_counts_pk', ['day', 'page_type', 'vital', 'value'])
    .execute();
  // Days summed up before this table have no counts: their totals go, to be summed up again by the
  // next roll-up (at start) from their events, which are all still kept; until then the report
  // sums them from their events. Older days, whose events are gone, keep their totals.
  await sql`delete from insight_daily where day in (select distinct day from insight_events)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insight_vital_counts').execute();
}
