import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Vital } from '../../shared/insights';
import type { InsightDailyTable, InsightVitalCountsTable, Schema } from '../db/schema';
import type { ReadQuery } from './off-thread-reads';
import { sourcesOfDays } from './source-totals';
import { countsOfEvents, p75OfCounts } from './vital-counts';

/** What one row of a day's totals counts (`insight_daily`). */
export type DayTotal = Selectable<InsightDailyTable>;
/** How many of a day's reports of one page type gave a vital one value on the grid (`insight_vital_counts`). */
export type VitalCount = Selectable<InsightVitalCountsTable>;

export interface VitalsFigures {
  pageType: string;
  samples: number;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
}

/** Paths and referrer hosts kept per day; the rest of a day's are summed under OTHER_KEY (sources: source-totals.ts). */
const TOP_PER_DAY = 100;
/**
 * Neither a path (no leading slash) nor a host (parentheses): it cannot name a real one. A
 * campaign may be named so: a source row under this key is never told apart from the rest.
 */
export const OTHER_KEY = '(other)';

type Figures = Record<string, number | string | null>;
type P75s = Record<Vital, number | null>;

const NO_VITALS = { lcp_p75: null, inp_p75: null, cls_p75: null };
const num = (value: unknown): number => Number(value ?? 0);

/** The rows of p75OfCounts (one per vital) gathered per `keyOf` (a page type, or a day's). */
function p75sByKey(rows: Figures[], keyOf: (row: Figures) => string): Map<string, P75s> {
  const found = new Map<string, P75s>();
  for (const row of rows) {
    const key = keyOf(row);
    const p75s = found.get(key) ?? { lcp: null, inp: null, cls: null };
    p75s[String(row.vital) as Vital] = Number(row.p75);
    found.set(key, p75s);
  }
  return found;
}

/**
 * The aggregates over single events and kept counts, computed by the database in one pass over
 * the rows they read (GROUP BY, count distinct, window functions): no event is brought into this
 * process. They run through `read`, off the server's thread on SQLite.
 */
export class InsightAggregates {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly read: ReadQuery,
  ) {}

  private run(query: RawBuilder<unknown>): Promise<Figures[]> {
    return this.read(query.compile(this.db)) as Promise<Figures[]>;
  }

  /**
   * Each listed day's totals, as the roll-up keeps them: the day's views and unique visitors
   * overall (a row even for a day of vitals only, marking it summarised), per device, per path and
   * per referrer host (the day's top TOP_PER_DAY, the rest as OTHER_KEY, whose visitors are the
   * sum of its members'), its visitors per source (source-totals.ts), and each page type's vitals
   * with their p75.
   */
  async daysTotals(days: readonly string[]): Promise<DayTotal[]> {
    const [traffic, sources, vitals] = await Promise.all([this.trafficTotals(days), this.sourceTotals(days), this.vitalsTotals(days)]);
    return [...traffic, ...sources, ...vitals];
  }

  /** The listed days' visitors per source, as the roll-up keeps them (dimension `source`). */
  async sourceTotals(days: readonly string[]): Promise<DayTotal[]> {
    if (days.length === 0) return [];
    const rows = await this.run(sourcesOfDays(sql`day in (${sql.join(days)})`, OTHER_KEY));
    return rows.map((row) => ({ day: String(row.day), dimension: 'source' as const, key: String(row.key), views: num(row.views), visitors: num(row.visitors), ...NO_VITALS }));
  }

  /** The listed days' totals of views: overall, per device, per path and per referrer host. */
  async trafficTotals(days: readonly string[]): Promise<DayTotal[]> {
    if (days.length === 0) return [];
    const inDays = sql`day in (${sql.join(days)})`;
    const [totals, devices, paths, referrers] = await Promise.all([
      this.run(sql<Figures>`select day, sum(case when kind = 'view' then 1 else 0 end) as views,
          count(distinct case when kind = 'view' then visitor end) as visitors
        from insight_events where ${inDays} group by day`),
      this.run(sql<Figures>`select day, device as key, count(*) as views, count(distinct visitor) as visitors
        from insight_events where ${inDays} and kind = 'view' group by day, device`),
      this.run(this.topOfDay(inDays, sql.ref('path'))),
      this.run(this.topOfDay(sql`${inDays} and referrer is not null`, sql.ref('referrer'))),
    ]);
    const rows = (dimension: DayTotal['dimension'], found: Figures[], key?: string): DayTotal[] =>
      found.map((row) => ({ day: String(row.day), dimension, key: key ?? String(row.key), views: num(row.views), visitors: num(row.visitors), ...NO_VITALS }));
    return [...rows('total', totals, 'all'), ...rows('device', devices), ...rows('path', paths), ...rows('referrer', referrers)];
  }

  /** The listed days' vitals per page type: reports (as `views`), visitors, and each metric's p75. */
  private async vitalsTotals(days: readonly string[]): Promise<DayTotal[]> {
    if (days.length === 0) return [];
    const inDays = sql`day in (${sql.join(days)})`;
    const [samples, p75s] = await Promise.all([
      this.run(sql<Figures>`select day, page_type, count(*) as samples, count(distinct visitor) as visitors
        from insight_events where ${inDays} and kind = 'vitals' group by day, page_type`),
      this.run(p75OfCounts(countsOfEvents(inDays), true)),
    ]);
    const p75 = p75sByKey(p75s, (row) => `${String(row.day)} ${String(row.page_type)}`);
    return samples.map((row) => {
      const found = p75.get(`${String(row.day)} ${String(row.page_type)}`);
      return { day: String(row.day), dimension: 'vitals' as const, key: String(row.page_type), views: num(row.samples), visitors: num(row.visitors), lcp_p75: found?.lcp ?? null, inp_p75: found?.inp ?? null, cls_p75: found?.cls ?? null };
    });
  }

  /** The listed days' vitals counted on the grid, as the roll-up keeps them beside the days' totals. */
  async vitalCounts(days: readonly string[]): Promise<VitalCount[]> {
    if (days.length === 0) return [];
    const rows = await this.run(countsOfEvents(sql`day in (${sql.join(days)})`));
    return rows.map((row) => ({ day: String(row.day), page_type: String(row.page_type), vital: String(row.vital) as Vital, value: num(row.value), samples: num(row.samples) }));
  }

  /**
   * Each page type's vitals over the days from `from` to `to`: its reports, and each metric's p75
   * over the kept counts of the summed-up days and the events of those not summed up yet
   * (`fresh`). No summed-up day's events are read: the work grows with the days and the values
   * on the grid, not with the events.
   */
  async vitalsOver(from: string, to: string, fresh: readonly string[]): Promise<VitalsFigures[]> {
    const kept = sql`day >= ${from} and day <= ${to}${fresh.length > 0 ? sql` and day not in (${sql.join(fresh)})` : sql``}`;
    const inFresh = fresh.length > 0 ? sql`day in (${sql.join(fresh)})` : undefined;
    const keptCounts = sql`select day, page_type, vital, value, samples from insight_vital_counts where ${kept}`;
    const [samples, p75s] = await Promise.all([
      this.run(sql<Figures>`select page_type, sum(samples) as samples from (
          select key as page_type, views as samples from insight_daily where dimension = 'vitals' and ${kept}
          ${inFresh ? sql`union all select page_type, 1 as samples from insight_events where ${inFresh} and kind = 'vitals'` : sql``}
        ) reports group by page_type`),
      this.run(p75OfCounts(inFresh ? sql`${keptCounts} union all ${countsOfEvents(inFresh)}` : keptCounts, false)),
    ]);
    const p75 = p75sByKey(p75s, (row) => String(row.page_type));
    return samples.map((row) => {
      const found = p75.get(String(row.page_type));
      return { pageType: String(row.page_type), samples: num(row.samples), lcp: found?.lcp ?? null, inp: found?.inp ?? null, cls: found?.cls ?? null };
    });
  }

  /** A day's views and visitors per `column`, its top TOP_PER_DAY apart and the rest as one. */
  private topOfDay(where: RawBuilder<unknown>, column: RawBuilder<unknown>): RawBuilder<Figures> {
    return sql<Figures>`select day, bucket as key, sum(views) as views, sum(visitors) as visitors
      from (
        select day, views, visitors,
          case when row_number() over (partition by day order by views desc, key) <= ${sql.lit(TOP_PER_DAY)} then key else ${sql.lit(OTHER_KEY)} end as bucket
        from (
          select day, ${column} as key, count(*) as views, count(distinct visitor) as visitors
          from insight_events where ${where} and kind = 'view' group by day, ${column}
        ) grouped
      ) ranked
      group by day, bucket`;
  }
}
