import { sql, type RawBuilder } from 'kysely';
import { DIRECT_SOURCE } from '../../shared/leads';

/** Sources kept per day besides "direct"; the rest of a day's are summed under `otherKey`. */
const SOURCES_PER_DAY = 100;

/**
 * Each day's visitors per source, among the view events that match `where` (`day, key, views,
 * visitors`). A view's source is named as a lead's is (leads/source-fields.ts `sourceLabel`): the
 * campaign's `utm_source` (kept lower-cased), else the referring host; a visitor whose views that
 * day carried neither counts under "direct", as does one whose campaign is named "direct". A
 * visitor counts once a day under each source they came in with. `views` are the views that
 * carried the source (the visits' first views), and all of a direct visitor's.
 *
 * However many sources robots make up, a day keeps at most SOURCES_PER_DAY of them, those with
 * the most visitors, and "direct"; the rest are one row under `otherKey`, its visitors the sum of
 * its members'.
 */
export function sourcesOfDays(where: RawBuilder<unknown>, otherKey: string): RawBuilder<Record<string, unknown>> {
  const direct = sql.lit(DIRECT_SOURCE);
  const carries = sql`(utm_source is not null or referrer is not null)`;
  return sql`select day, bucket as key, sum(views) as views, sum(visitors) as visitors
    from (
      select day, key, views, visitors,
        case when key = ${direct}
          or row_number() over (partition by day, case when key = ${direct} then 1 else 0 end order by visitors desc, views desc, key) <= ${sql.lit(SOURCES_PER_DAY)}
        then key else ${sql.lit(otherKey)} end as bucket
      from (
        select day, key, count(*) as views, count(distinct visitor) as visitors
        from (
          select day, visitor, coalesce(utm_source, referrer, ${direct}) as key,
            case when ${carries} then 1 else 0 end as carried,
            max(case when ${carries} then 1 else 0 end) over (partition by day, visitor) as came_with_one
          from insight_events where ${where} and kind = 'view'
        ) labelled
        where carried = 1 or came_with_one = 0
        group by day, key
      ) grouped
    ) ranked
    group by day, bucket`;
}
