import { INSIGHT_RANGES, type Device, type InsightRange, type InsightsReport } from '../../shared/insights';
import type { InsightRepository } from './insight-repository';
import { percentile } from './percentile';
import { dayOf } from './visitor-hash';

export const isInsightRange = (days: number): days is InsightRange => (INSIGHT_RANGES as readonly number[]).includes(days);

const POST_PATH = /^\/blog\/([^/]+)$/;

/** What /admin/insights shows for the last `days` UTC days, today included. */
export async function insightsReport(repository: InsightRepository, days: InsightRange, now: Date): Promise<InsightsReport> {
  const to = dayOf(now);
  const from = dayOf(new Date(now.getTime() - (days - 1) * 86_400_000));
  const [totals, daily, topPages, postPages, referrers, devices, vitalRows] = await Promise.all([
    repository.totals(from),
    repository.daily(from),
    repository.topPages(from),
    repository.topPages(from, 'post'),
    repository.referrers(from),
    repository.devices(from),
    repository.vitals(from),
  ]);

  const byDay = new Map(daily.map((row) => [row.day, row]));
  const series = Array.from({ length: days }, (_, index) => {
    const day = dayOf(new Date(Date.parse(from) + index * 86_400_000));
    return { day, visitors: byDay.get(day)?.visitors ?? 0, views: byDay.get(day)?.views ?? 0 };
  });

  const slugOf = (path: string) => decodeURIComponent(POST_PATH.exec(path)?.[1] ?? '');
  const titles = await repository.postTitles(postPages.map((page) => slugOf(page.path)));
  // A post deleted since is left out: its title is gone with it.
  const topPosts = postPages.flatMap((page) => {
    const title = titles.get(slugOf(page.path));
    return title ? [{ path: page.path, title, views: page.views }] : [];
  });

  const groups = new Map<string, typeof vitalRows>();
  for (const row of vitalRows) groups.set(row.page_type, [...(groups.get(row.page_type) ?? []), row]);
  const vitals = [...groups]
    .map(([pageType, rows]) => {
      const p75 = (pick: (row: (typeof rows)[number]) => number | null) => percentile(rows.map(pick).filter((value): value is number => value !== null), 75);
      return { pageType, samples: rows.length, lcp: p75((row) => row.lcp), inp: p75((row) => row.inp), cls: p75((row) => row.cls) };
    })
    .sort((a, b) => b.samples - a.samples || a.pageType.localeCompare(b.pageType));

  return { days, from, to, ...totals, daily: series, topPages, topPosts, referrers, devices: devices.map((row) => ({ device: row.device as Device, views: row.views })), vitals };
}
