import { sql, type Insertable, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import type { InsightEventsTable, Schema } from '../db/schema';
import { EventInserts } from './event-inserts';
import { InsightAggregates, OTHER_KEY, type DayTotal, type VitalCount } from './insight-aggregates';
import type { ReadQuery } from './off-thread-reads';
import { dayOf } from './visitor-hash';

export type InsightEventRow = Insertable<InsightEventsTable>;

/**
 * Rows per INSERT: small enough that one statement holds the event loop for about a millisecond
 * (SQLite runs in this thread), far below both engines' limit on parameters.
 */
const ROWS_PER_INSERT = 100;
/** Old events are deleted this many at a time, the server answering others in between. */
const ROWS_PER_DELETE = 5000;

/**
 * Inserts `rows` ROWS_PER_INSERT at a time, yielding between statements: on SQLite each one holds
 * the server's thread, and the requests that came meanwhile are answered before the next.
 */
async function inSlices<Row>(rows: readonly Row[], insert: (slice: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}

/** Kept totals summed over days: per dimension and key, and the days' own figures. */
export interface StoredTotals {
  sums: Array<Pick<DayTotal, 'dimension' | 'key' | 'views' | 'visitors'>>;
  days: Array<{ day: string; views: number; visitors: number }>;
}

/**
 * Every read and write of the insight tables. Nothing here answers the single events of a range:
 * what spans many events is aggregated by the database (`aggregates`).
 */
export class InsightRepository {
  readonly aggregates: InsightAggregates;
  private readonly eventInserts: EventInserts;

  constructor(
    private readonly database: Database,
    private readonly read: ReadQuery,
  ) {
    this.aggregates = new InsightAggregates(database.db, read);
    this.eventInserts = new EventInserts(database.db);
  }

  private get db() {
    return this.database.db;
  }

  /**
   * One transaction for the whole batch, its statements apart: between them the server answers
   * the requests that came meanwhile, so a second's events never stall a page for the time of all.
   */
  async insertBatch(rows: InsightEventRow[]): Promise<void> {
    await this.db.transaction().execute((trx) => inSlices(rows, (slice) => trx.executeQuery(this.eventInserts.of(slice))));
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('insight_events').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Titles of the posts at these slugs (published or not: the owner knows them all). */
  async postTitles(slugs: string[]): Promise<Map<string, string>> {
    if (slugs.length === 0) return new Map();
    const rows = await this.db.selectFrom('posts').where('slug', 'in', slugs).select(['slug', 'title']).execute();
    return new Map(rows.map((row) => [row.slug, row.title]));
  }

  /** The days before `before` that hold single events but no totals yet. */
  async daysToSummarise(before: string): Promise<string[]> {
    const query = this.db
      .selectFrom('insight_events')
      .where('day', '<', before)
      .where('day', 'not in', (eb) => eb.selectFrom('insight_daily').where('dimension', '=', 'total').select('day'))
      .select('day')
      .distinct()
      .orderBy('day');
    return (await this.read(query.compile())).map((row) => row.day);
  }

  /** The days from `from` to `to` whose totals are kept. */
  async summarisedDays(from: string, to: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('insight_daily').where('dimension', '=', 'total').where('day', '>=', from).where('day', '<=', to).select('day').execute();
    return new Set(rows.map((row) => row.day));
  }

  /** A day's totals and vitals' counts, replacing any kept before, in one transaction. */
  async saveTotals(day: string, totals: DayTotal[], counts: VitalCount[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('insight_daily').where('day', '=', day).execute();
      await trx.deleteFrom('insight_vital_counts').where('day', '=', day).execute();
      await inSlices(totals, (slice) => trx.insertInto('insight_daily').values(slice).execute());
      await inSlices(counts, (slice) => trx.insertInto('insight_vital_counts').values(slice).execute());
    });
  }

  /**
   * The kept totals of the days from `from` to `to` but the `fresh` ones, summed by the database.
   * A day the report sums from its events (`fresh`) is left out even if the roll-up has kept its
   * totals in the meantime, so that it never counts twice.
   */
  async storedTotals(from: string, to: string, fresh: readonly string[] = []): Promise<StoredTotals> {
    const inRange = this.db
      .selectFrom('insight_daily')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .$if(fresh.length > 0, (query) => query.where('day', 'not in', fresh));
    const [sums, days] = await Promise.all([
      inRange
        .where('dimension', 'in', ['path', 'referrer', 'device'])
        .select(['dimension', 'key', sql<number | string>`sum(views)`.as('views'), sql<number | string>`sum(visitors)`.as('visitors')])
        .groupBy(['dimension', 'key'])
        .execute(),
      inRange.where('dimension', '=', 'total').select(['day', 'views', 'visitors']).execute(),
    ]);
    return {
      sums: sums.map((row) => ({ dimension: row.dimension, key: row.key, views: Number(row.views), visitors: Number(row.visitors) })),
      days: days.map((row) => ({ day: row.day, views: Number(row.views), visitors: Number(row.visitors) })),
    };
  }

  /**
   * The visitors (once a day each) who came in with each of `sources` over the days from `from` to
   * `to`, 0 for a source none came with: the kept totals of the summed-up days and, for the days not
   * summed up yet, their events, summed by the database the same way (source-totals.ts), so that a
   * day never counts twice. OTHER_KEY names the rest of a day's sources, not one: it is not counted.
   */
  async sourceVisitors(from: string, to: string, sources: readonly string[]): Promise<Map<string, number>> {
    const keys = [...new Set(sources)].filter((key) => key !== OTHER_KEY);
    const found = new Map(keys.map((key) => [key, 0]));
    if (keys.length === 0) return found;
    const summarised = await this.summarisedDays(from, to);
    const fresh: string[] = [];
    for (let at = Date.parse(from); at <= Date.parse(to); at += 86_400_000) {
      const day = dayOf(new Date(at));
      if (!summarised.has(day)) fresh.push(day);
    }
    const [kept, recent] = await Promise.all([
      this.db
        .selectFrom('insight_daily')
        .where('dimension', '=', 'source')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .$if(fresh.length > 0, (query) => query.where('day', 'not in', fresh))
        .where('key', 'in', keys)
        .select(['key', sql<number | string>`sum(visitors)`.as('visitors')])
        .groupBy('key')
        .execute(),
      this.aggregates.sourceTotals(fresh),
    ]);
    const add = (key: string, visitors: number) => {
      const sum = found.get(key);
      if (sum !== undefined) found.set(key, sum + visitors);
    };
    for (const row of kept) add(row.key, Number(row.visitors));
    for (const row of recent) add(row.key, row.visitors);
    return found;
  }

  /**
   * Deletes the single events of the days before `before`, a slice at a time (on SQLite each
   * statement holds the server's thread, so a flooded day is deleted in steps it can answer
   * between), and those days' vitals' counts, which no range reaches any more.
   */
  async deleteEventsBefore(before: string): Promise<void> {
    await this.db.deleteFrom('insight_vital_counts').where('day', '<', before).execute();
    const rowId = sql.ref(this.database.engine === 'postgres' ? 'ctid' : 'rowid');
    for (;;) {
      const slice = this.db.selectFrom('insight_events').where('day', '<', before).select(rowId.as('id')).limit(ROWS_PER_DELETE);
      const deleted = await this.db.deleteFrom('insight_events').where(rowId, 'in', slice).executeTakeFirst();
      if (Number(deleted.numDeletedRows) < ROWS_PER_DELETE) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async dailyTotals(day: string): Promise<Array<Selectable<Schema['insight_daily']>>> {
    return this.db.selectFrom('insight_daily').where('day', '=', day).selectAll().orderBy('dimension').orderBy('key').execute();
  }
}
