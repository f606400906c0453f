import { sql, type RawBuilder } from 'kysely';
import { VITALS, type Vital } from '../../shared/insights';

/** A vital's unit on the grid, in its own measure: a millisecond for LCP and INP, a thousandth of CLS. */
const UNITS: Record<Vital, number> = { lcp: 1, inp: 1, cls: 1000 };

/**
 * A vital's value (the column of the same name) rounded up onto the grid its counts are kept
 * on: whole units up to 1,000 units, tens up to 10,000, hundreds beyond (at most 1 % above the
 * value; LCP and INP to the millisecond below a second, CLS to the thousandth below 1). Up and
 * never down, so that a value is rated against web.dev's thresholds (all on the grid) exactly as
 * its raw value would be. The 0.001 of a step absorbs the float error of PostgreSQL's 4-byte reals;
 * values within it of 0 are 0 (ceil would make them -0).
 */
function onGrid(vital: Vital): RawBuilder<number> {
  const units = sql`(cast(${sql.ref(vital)} as double precision) * ${sql.lit(UNITS[vital])})`;
  const up = (step: number) => sql`ceil(${units} / ${sql.lit(step)} - 0.001) * ${sql.lit(step)}`;
  return sql<number>`(case when ${units} <= 0.001 then 0 when ${units} <= 1000 then ${up(1)} when ${units} <= 10000 then ${up(10)} else ${up(100)} end) / ${sql.lit(UNITS[vital])}`;
}

/**
 * The vitals of the events that match `where`, counted per day, page type, vital and value on
 * the grid (`day, page_type, vital, value, samples`): as many rows as values the grid has, at
 * most, however many events there are.
 */
export function countsOfEvents(where: RawBuilder<unknown>): RawBuilder<Record<string, unknown>> {
  const ofVital = (vital: Vital) => sql`select day, page_type, ${sql.lit(vital)} as vital, ${onGrid(vital)} as value, count(*) as samples
    from insight_events where ${where} and kind = 'vitals' and ${sql.ref(vital)} is not null
    group by day, page_type, value`;
  return sql`${sql.join(VITALS.map(ofVital), sql` union all `)}`;
}

/**
 * Each vital's p75 over `counts` (rows of `page_type, vital, value, samples`, and `day` when
 * `perDay`) per page type, and per day when `perDay`: the nearest rank, as CrUX reports it, is
 * the least value whose running count reaches three quarters of the samples (⌈0.75·n⌉). The
 * database adds up the counts of each value first, so its work is bounded by the values on the
 * grid, not by the events they count.
 */
export function p75OfCounts(counts: RawBuilder<unknown>, perDay: boolean): RawBuilder<Record<string, unknown>> {
  const group = perDay ? sql`day, page_type, vital` : sql`page_type, vital`;
  return sql`select ${perDay ? sql`day` : sql`null`} as day, page_type, vital, min(value) as p75
    from (
      select ${group}, value,
        sum(samples) over (partition by ${group} order by value rows between unbounded preceding and current row) as reached,
        sum(samples) over (partition by ${group}) as n
      from (select ${group}, value, sum(samples) as samples from (${counts}) counted group by ${group}, value) summed
    ) running
    where reached * 4 >= n * 3
    group by ${group}`;
}
