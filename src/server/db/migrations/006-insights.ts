import type { Kysely } from 'kysely';

/**
 * Insights (docs/product.md#insights): one row per counted page view or Web Vitals report,
 * kept 90 days, then folded into daily totals. No address is stored: `visitor` is a hash with
 * a salt replaced every day and never written here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insight_events')
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    /** 'view' or 'vitals'. */
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('page_type', 'text', (col) => col.notNull())
    .addColumn('referrer', 'text')
    .addColumn('device', 'text', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .addColumn('lcp', 'real')
    .addColumn('inp', 'real')
    .addColumn('cls', 'real')
    .execute();
  await db.schema.createIndex('insight_events_day').on('insight_events').columns(['day', 'kind']).execute();

  await db.schema
    .createTable('insight_daily')
    .addColumn('day', 'text', (col) => col.notNull())
    /** What `key` names: 'total', 'path', 'referrer', 'device', or 'vitals' (a page type). */
    .addColumn('dimension', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull())
    .addColumn('lcp_p75', 'real')
    .addColumn('inp_p75', 'real')
    .addColumn('cls_p75', 'real')
    .addPrimaryKeyConstraint('insight_daily_pk', ['day', 'dimension', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insight_daily').execute();
  await db.schema.dropTable('insight_events').execute();
}
