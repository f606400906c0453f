import { INSIGHT_RANGES, type Device, type InsightRange, type InsightsReport } from '../../shared/insights';
import { OTHER_KEY, type DayTotal } from './insight-aggregates';
import type { InsightRepository } from './insight-repository';
import { dayOf } from './visitor-hash';

export const isInsightRange = (days: number): days is InsightRange => (INSIGHT_RANGES as readonly number[]).includes(days);

const TOP = 10;
const POST_PATH = /^\/blog\/([^/]+)$/;

type Sum = { views: number; visitors: number };

/** The `TOP` keys with most views, ties by key; the rest of a day's (OTHER_KEY) is no key to show. */
function top(sums: Map<string, Sum>, keep: (key: string) => boolean = () => true): Array<[string, Sum]> {
  return [...sums]
    .filter(([key]) => key !== OTHER_KEY && keep(key))
    .sort(([a, x], [b, y]) => y.views - x.views || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP);
}

/**
 * What /admin/insights shows for the last `days` UTC days, today included. Complete days come
 * from their kept totals; the days not summed up yet (today, and yesterday for its first hour)
 * are summed by the database the same way; the vitals' p75 is the range's own, taken over the
 * complete days' kept counts and the others' events. Visitors are counted once a day each, so
 * days' figures add up.
 */
export async function insightsReport(repository: InsightRepository, days: InsightRange, now: Date, pageTypeOf: (path: string) => string | null): Promise<InsightsReport> {
  const to = dayOf(now);
  const from = dayOf(new Date(now.getTime() - (days - 1) * 86_400_000));
  const range = Array.from({ length: days }, (_, index) => dayOf(new Date(Date.parse(from) + index * 86_400_000)));
  const summarised = await repository.summarisedDays(from, to);
  const unsummed = range.filter((day) => !summarised.has(day));
  const [stored, fresh, vitals] = await Promise.all([
    repository.storedTotals(from, to, unsummed),
    repository.aggregates.trafficTotals(unsummed),
    repository.aggregates.vitalsOver(from, to, unsummed),
  ]);

  const sums = { path: new Map<string, Sum>(), referrer: new Map<string, Sum>(), device: new Map<string, Sum>() };
  const byDay = new Map<string, Sum>(stored.days.map((row) => [row.day, row]));
  const add = (row: Pick<DayTotal, 'dimension' | 'key' | 'views' | 'visitors'>) => {
    if (row.dimension !== 'path' && row.dimension !== 'referrer' && row.dimension !== 'device') return;
    const sum = sums[row.dimension].get(row.key) ?? { views: 0, visitors: 0 };
    sums[row.dimension].set(row.key, { views: sum.views + row.views, visitors: sum.visitors + row.visitors });
  };
  stored.sums.forEach(add);
  for (const row of fresh) {
    if (row.dimension === 'total') byDay.set(row.day, row);
    else add(row);
  }

  const daily = range.map((day) => ({ day, visitors: byDay.get(day)?.visitors ?? 0, views: byDay.get(day)?.views ?? 0 }));
  const topPages = top(sums.path).map(([path, sum]) => ({ path, ...sum }));
  const postPages = top(sums.path, (path) => pageTypeOf(path) === 'post');
  const slugOf = (path: string) => {
    try {
      return decodeURIComponent(POST_PATH.exec(path)?.[1] ?? '');
    } catch {
      // Kept before such paths were refused: no post has that slug.
      return '';
    }
  };
  const titles = await repository.postTitles(postPages.map(([path]) => slugOf(path)));
  // A post deleted since is left out: its title is gone with it.
  const topPosts = postPages.flatMap(([path, { views }]) => {
    const title = titles.get(slugOf(path));
    return title ? [{ path, title, views }] : [];
  });

  return {
    days,
    from,
    to,
    views: daily.reduce((total, day) => total + day.views, 0),
    visitors: daily.reduce((total, day) => total + day.visitors, 0),
    daily,
    topPages,
    topPosts,
    referrers: top(sums.referrer).map(([host, { views }]) => ({ host, views })),
    devices: [...sums.device]
      .sort(([a, x], [b, y]) => y.views - x.views || (a < b ? -1 : 1))
      .map(([device, { views }]) => ({ device: device as Device, views })),
    vitals: vitals.sort((a, b) => b.samples - a.samples || a.pageType.localeCompare(b.pageType)),
  };
}
