import type { Insertable } from 'kysely';
import type { InsightDailyTable } from '../db/schema';
import type { InsightRepository, StoredEvent } from './insight-repository';
import { percentile } from './percentile';
import { dayOf } from './visitor-hash';

/** Single events are kept this many days; older ones become daily totals. */
export const KEEP_DAYS = 90;

type Total = Insertable<InsightDailyTable>;

/** The first day whose events are still kept on `now`: older days are rolled up. */
export function keptFrom(now: Date): string {
  return dayOf(new Date(now.getTime() - KEEP_DAYS * 86_400_000));
}

/**
 * One day's events as totals: the day's views and unique visitors overall and per path,
 * referrer and device, and each page type's p75 LCP, INP and CLS.
 */
export function dailyTotals(day: string, events: StoredEvent[]): Total[] {
  const views = events.filter((event) => event.kind === 'view');
  const totals: Total[] = [];
  const count = (dimension: Total['dimension'], keyOf: (event: StoredEvent) => string | null) => {
    const groups = new Map<string, StoredEvent[]>();
    for (const event of views) {
      const key = keyOf(event);
      if (key !== null) groups.set(key, [...(groups.get(key) ?? []), event]);
    }
    for (const [key, group] of groups) {
      totals.push({ day, dimension, key, views: group.length, visitors: new Set(group.map((event) => event.visitor)).size, lcp_p75: null, inp_p75: null, cls_p75: null });
    }
  };
  count('total', () => 'all');
  count('path', (event) => event.path);
  count('referrer', (event) => event.referrer);
  count('device', (event) => event.device);

  const vitals = new Map<string, StoredEvent[]>();
  for (const event of events) if (event.kind === 'vitals') vitals.set(event.page_type, [...(vitals.get(event.page_type) ?? []), event]);
  for (const [pageType, group] of vitals) {
    const p75 = (pick: (event: StoredEvent) => number | null) => percentile(group.map(pick).filter((value): value is number => value !== null), 75);
    totals.push({ day, dimension: 'vitals', key: pageType, views: group.length, visitors: new Set(group.map((event) => event.visitor)).size, lcp_p75: p75((e) => e.lcp), inp_p75: p75((e) => e.inp), cls_p75: p75((e) => e.cls) });
  }
  return totals;
}

/** Rolls every day older than KEEP_DAYS up into its totals; answers how many days it rolled. */
export async function rollUp(repository: InsightRepository, now: Date): Promise<number> {
  const days = await repository.daysBefore(keptFrom(now));
  for (const day of days) await repository.replaceDay(day, dailyTotals(day, await repository.eventsOf(day)));
  return days.length;
}
