import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Engine } from '../db/database';
import type { InsightDailyTable, Schema } from '../db/schema';
import type { ReadQuery } from './off-thread-reads';

/** What one row of a day's totals counts (`insight_daily`). */
export type DayTotal = Selectable<InsightDailyTable>;

export interface VitalsFigures {
  pageType: string;
  samples: number;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
}

/** Paths and referrer hosts kept per day; the rest of a day's are summed under OTHER_KEY. */
export const TOP_PER_DAY = 100;
/** Neither a path (no leading slash) nor a host (parentheses): it cannot name a real one. */
export const OTHER_KEY = '(other)';

const VITALS = ['lcp', 'inp', 'cls'] as const;
type Vital = (typeof VITALS)[number];
type Figures = Record<string, number | string | null>;

const num = (value: unknown): number => Number(value ?? 0);
const figure = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * The aggregates over single events, computed by the database in one pass over the rows they
 * read (GROUP BY, count distinct, window functions): no event is brought into this process. They
 * run through `read`, off the server's thread on SQLite.
 */
export class InsightAggregates {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly engine: Engine,
    private readonly read: ReadQuery,
  ) {}

  private run<Row extends Figures>(query: RawBuilder<Row>): Promise<Row[]> {
    return this.read(query.compile(this.db));
  }

  /**
   * Each listed day's totals, as the roll-up keeps them: the day's views and unique visitors
   * overall (a row even for a day of vitals only, marking it summarised), per device, per path and
   * per referrer host (the day's top TOP_PER_DAY, the rest as OTHER_KEY, whose visitors are the
   * sum of its members'), and each page type's vitals with their p75.
   */
  async daysTotals(days: readonly string[]): Promise<DayTotal[]> {
    if (days.length === 0) return [];
    const inDays = sql`day in (${sql.join(days)})`;
    const none = { lcp_p75: null, inp_p75: null, cls_p75: null };
    const [totals, devices, paths, referrers, vitals] = await Promise.all([
      this.run(sql<Figures>`select day, sum(case when kind = 'view' then 1 else 0 end) as views,
          count(distinct case when kind = 'view' then visitor end) as visitors
        from insight_events where ${inDays} group by day`),
      this.run(sql<Figures>`select day, device as key, count(*) as views, count(distinct visitor) as visitors
        from insight_events where ${inDays} and kind = 'view' group by day, device`),
      this.run(this.topOfDay(inDays, sql.ref('path'))),
      this.run(this.topOfDay(sql`${inDays} and referrer is not null`, sql.ref('referrer'))),
      this.vitals(inDays, true),
    ]);
    const rows = (dimension: DayTotal['dimension'], found: Figures[], key?: string): DayTotal[] =>
      found.map((row) => ({ day: String(row.day), dimension, key: key ?? String(row.key), views: num(row.views), visitors: num(row.visitors), ...none }));
    return [
      ...rows('total', totals, 'all'),
      ...rows('device', devices),
      ...rows('path', paths),
      ...rows('referrer', referrers),
      ...vitals.map((row) => ({ day: String(row.day), dimension: 'vitals' as const, key: row.pageType, views: row.samples, visitors: num(row.visitors), lcp_p75: row.lcp, inp_p75: row.inp, cls_p75: row.cls })),
    ];
  }

  /** Each page type's vitals over every day from `from`: samples and the p75 of each metric. */
  async vitalsSince(from: string): Promise<VitalsFigures[]> {
    const rows = await this.vitals(sql`day >= ${from}`, false);
    return rows.map(({ pageType, samples, lcp, inp, cls }) => ({ pageType, samples, lcp, inp, cls }));
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

  /**
   * Vitals per page type (and per day when `perDay`), p75 by the nearest rank as CrUX reports
   * it: PostgreSQL's percentile_disc is exactly that; SQLite has no percentile, so each metric's
   * values are ranked by a window function and the value at rank ⌈0.75·n⌉ is taken.
   */
  private async vitals(where: RawBuilder<unknown>, perDay: boolean): Promise<Array<VitalsFigures & { day?: string; visitors: number }>> {
    const group = perDay ? sql`day, page_type` : sql`page_type`;
    const dayColumn = perDay ? sql`day` : sql`null`;
    const rows = this.engine === 'postgres' ? await this.percentiles(where, group, dayColumn) : await this.ranked(where, group, dayColumn, perDay);
    return rows.map((row) => ({ day: String(row.day), pageType: String(row.page_type), samples: num(row.samples), visitors: num(row.visitors), lcp: figure(row.lcp), inp: figure(row.inp), cls: figure(row.cls) }));
  }

  private percentiles(where: RawBuilder<unknown>, group: RawBuilder<unknown>, dayColumn: RawBuilder<unknown>): Promise<Figures[]> {
    const p75 = (vital: Vital) => sql`percentile_disc(0.75) within group (order by ${sql.ref(vital)})`;
    return this.run(sql<Figures>`select ${dayColumn} as day, page_type, count(*) as samples, count(distinct visitor) as visitors,
          ${p75('lcp')} as lcp, ${p75('inp')} as inp, ${p75('cls')} as cls
        from insight_events where ${where} and kind = 'vitals' group by ${group}`);
  }

  /** SQLite: each metric ranked by a window of its own in one pass, its absent values last and uncounted. */
  private ranked(where: RawBuilder<unknown>, group: RawBuilder<unknown>, dayColumn: RawBuilder<unknown>, perDay: boolean): Promise<Figures[]> {
    const partition = sql`partition by ${group}`;
    const ranks = VITALS.map(
      (vital) => sql`row_number() over (${partition} order by ${sql.ref(vital)} nulls last) as ${sql.ref(`${vital}_place`)},
        count(${sql.ref(vital)}) over (${partition}) as ${sql.ref(`${vital}_n`)}`,
    );
    const p75 = (vital: Vital) => sql`max(case when ${sql.ref(`${vital}_place`)} = (${sql.ref(`${vital}_n`)} * 3 + 3) / 4 then ${sql.ref(vital)} end) as ${sql.ref(vital)}`;
    return this.run(sql<Figures>`select ${dayColumn} as day, page_type, count(*) as samples,
        ${perDay ? sql`count(distinct visitor)` : sql`0`} as visitors, ${sql.join(VITALS.map(p75))}
      from (
        select day, page_type, visitor, lcp, inp, cls, ${sql.join(ranks)}
        from insight_events where ${where} and kind = 'vitals'
      ) ranked group by ${group}`);
  }
}
