import type { InsightRepository } from './insight-repository';
import { dayOf } from './visitor-hash';

/** Single events are kept this many days; their daily totals stay after them. */
const KEEP_DAYS = 90;
/**
 * A day is summed up once it has been over this long: an event accepted just before midnight
 * reaches the database within a second or two (longer while the database is away), on any
 * instance.
 */
const SETTLE_MS = 3_600_000;

/** The first day whose events are still kept on `now`: older days keep only their totals. */
export function keptFrom(now: Date): string {
  return dayOf(new Date(now.getTime() - KEEP_DAYS * 86_400_000));
}

/** The first day on `now` whose events may still be arriving, so that it is not summed up yet. */
export function unsettledFrom(now: Date): string {
  return dayOf(new Date(now.getTime() - SETTLE_MS));
}

/**
 * Keeps every complete day's totals and its vitals counted on the grid (summed by the database, a
 * day at a time), then deletes the single events (and counts) older than KEEP_DAYS; answers how
 * many days it summed up.
 */
export async function rollUp(repository: InsightRepository, now: Date): Promise<number> {
  const days = await repository.daysToSummarise(unsettledFrom(now));
  for (const day of days) {
    const [totals, counts] = await Promise.all([repository.aggregates.daysTotals([day]), repository.aggregates.vitalCounts([day])]);
    await repository.saveTotals(day, totals, counts);
  }
  await repository.deleteEventsBefore(keptFrom(now));
  return days.length;
}
