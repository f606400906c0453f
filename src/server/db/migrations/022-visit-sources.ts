import { sql, type Kysely } from 'kysely';

/**
 * A counted view keeps the `utm_source` of the address its visit landed on, so that Insights
 * counts the visitors of each source as leads are grouped (campaign, else referring host, else
 * direct), and each complete day keeps its sources' visitors among its totals (`insight_daily`,
 * dimension `source`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('insight_events').addColumn('utm_source', 'text').execute();
  // Days summed up before have no sources: their totals go, to be summed up again by the next
  // roll-up (at start) from their events, which are all still kept; until then the reports sum
  // them from their events. Older days, whose events are gone, keep their totals.
  await sql`delete from insight_daily where day in (select distinct day from insight_events)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from insight_daily where dimension = 'source'`.execute(db);
  await db.schema.alterTable('insight_events').dropColumn('utm_source').execute();
}
