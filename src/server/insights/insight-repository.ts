import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { InsightEventsTable, Schema } from '../db/schema';

export type InsightEventRow = Insertable<InsightEventsTable>;
export type StoredEvent = Selectable<InsightEventsTable>;

/**
 * Rows per INSERT: small enough that one statement holds the event loop for about a millisecond
 * (SQLite runs in this thread), far below both engines' limit on parameters.
 */
const ROWS_PER_INSERT = 100;
const TOP = 10;

/** Every read and write of the insight tables. */
export class InsightRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  /**
   * One transaction for the whole batch, its statements apart: between them the server answers
   * the requests that came meanwhile, so a second's events never stall a page for the time of all.
   */
  async insertBatch(rows: InsightEventRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        await trx.insertInto('insight_events').values(rows.slice(start, start + ROWS_PER_INSERT)).execute();
      }
    });
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('insight_events').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private views(from: string) {
    return this.db.selectFrom('insight_events').where('kind', '=', 'view').where('day', '>=', from);
  }

  async totals(from: string): Promise<{ views: number; visitors: number }> {
    const row = await this.views(from)
      .select((eb) => [eb.fn.countAll<string | number>().as('views'), eb.fn.count<string | number>(sql`day || visitor`).distinct().as('visitors')])
      .executeTakeFirstOrThrow();
    return { views: Number(row.views), visitors: Number(row.visitors) };
  }

  async daily(from: string): Promise<Array<{ day: string; views: number; visitors: number }>> {
    const rows = await this.views(from)
      .select((eb) => ['day', eb.fn.countAll<string | number>().as('views'), eb.fn.count<string | number>('visitor').distinct().as('visitors')])
      .groupBy('day')
      .execute();
    return rows.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) }));
  }

  async topPages(from: string, pageType?: string): Promise<Array<{ path: string; views: number; visitors: number }>> {
    let query = this.views(from);
    if (pageType) query = query.where('page_type', '=', pageType);
    const rows = await query
      .select((eb) => ['path', eb.fn.countAll<string | number>().as('views'), eb.fn.count<string | number>(sql`day || visitor`).distinct().as('visitors')])
      .groupBy('path')
      .orderBy('views', 'desc')
      .orderBy('path')
      .limit(TOP)
      .execute();
    return rows.map((row) => ({ path: row.path, views: Number(row.views), visitors: Number(row.visitors) }));
  }

  async referrers(from: string): Promise<Array<{ host: string; views: number }>> {
    const rows = await this.views(from)
      .where('referrer', 'is not', null)
      .select((eb) => ['referrer', eb.fn.countAll<string | number>().as('views')])
      .groupBy('referrer')
      .orderBy('views', 'desc')
      .orderBy('referrer')
      .limit(TOP)
      .execute();
    return rows.map((row) => ({ host: row.referrer ?? '', views: Number(row.views) }));
  }

  async devices(from: string): Promise<Array<{ device: string; views: number }>> {
    const rows = await this.views(from)
      .select((eb) => ['device', eb.fn.countAll<string | number>().as('views')])
      .groupBy('device')
      .orderBy('views', 'desc')
      .orderBy('device')
      .execute();
    return rows.map((row) => ({ device: row.device, views: Number(row.views) }));
  }

  /** Every vitals report of the range: p75 needs the values themselves. */
  async vitals(from: string): Promise<Array<{ page_type: string; lcp: number | null; inp: number | null; cls: number | null }>> {
    return this.db
      .selectFrom('insight_events')
      .where('kind', '=', 'vitals')
      .where('day', '>=', from)
      .select(['page_type', 'lcp', 'inp', 'cls'])
      .execute();
  }

  /** Titles of the posts at these slugs (published or not: the owner knows them all). */
  async postTitles(slugs: string[]): Promise<Map<string, string>> {
    if (slugs.length === 0) return new Map();
    const rows = await this.db.selectFrom('posts').where('slug', 'in', slugs).select(['slug', 'title']).execute();
    return new Map(rows.map((row) => [row.slug, row.title]));
  }

  /** The days before `before` that still hold single events. */
  async daysBefore(before: string): Promise<string[]> {
    const rows = await this.db.selectFrom('insight_events').where('day', '<', before).select('day').distinct().orderBy('day').execute();
    return rows.map((row) => row.day);
  }

  async eventsOf(day: string): Promise<StoredEvent[]> {
    return this.db.selectFrom('insight_events').where('day', '=', day).selectAll().execute();
  }

  /** A day's totals replace its events, in one transaction. */
  async replaceDay(day: string, totals: Array<Insertable<Schema['insight_daily']>>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('insight_daily').where('day', '=', day).execute();
      if (totals.length > 0) await trx.insertInto('insight_daily').values(totals).execute();
      await trx.deleteFrom('insight_events').where('day', '=', day).execute();
    });
  }

  async dailyTotals(day: string): Promise<Array<Selectable<Schema['insight_daily']>>> {
    return this.db.selectFrom('insight_daily').where('day', '=', day).selectAll().orderBy('dimension').orderBy('key').execute();
  }
}
