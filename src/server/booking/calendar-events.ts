import { DateTime } from 'luxon';
import ical, { type DateWithTimeZone, type VEvent } from 'node-ical';
import type { Interval } from './busy-time';

/** Past this many busy times a calendar's expansion stops: a rule repeating every minute must not fill memory. */
const MAX_INTERVALS = 100_000;

/**
 * The busy times of an iCalendar file between two instants: every event and every occurrence of
 * a recurring one (its rule expanded with EXDATEs removed and RECURRENCE-ID overrides applied,
 * in the time zone its VTIMEZONE or TZID names), all-day events as whole days of the owner's
 * zone. Cancelled events and those marked free (TRANSP:TRANSPARENT) are not busy.
 */
export function busyTimes(body: string, window: Interval, ownerZone: string): Interval[] {
  const parsed = ical.sync.parseICS(body);
  const from = new Date(window[0]);
  const to = new Date(window[1]);
  const busy: Interval[] = [];
  for (const component of Object.values(parsed)) {
    if (!component || component.type !== 'VEVENT') continue;
    const event = component;
    if (!event.start || !isBusy(event)) continue;
    loosenZoneTags(event);
    const instances = ical.expandRecurringEvent(event, { from, to, expandOngoing: true });
    for (const instance of instances) {
      if (!isBusy(instance.event)) continue;
      const interval = instance.isFullDay ? wholeDays(instance.start, instance.end, ownerZone) : ([instance.start.getTime(), instance.end.getTime()] as const);
      if (interval[1] <= window[0] || interval[0] >= window[1]) continue;
      busy.push(interval);
      if (busy.length >= MAX_INTERVALS) return busy;
    }
  }
  return busy;
}

/**
 * The parser tags dates with a read-only `tz`, then, expanding a moved occurrence, assigns that
 * tag onto the same date again: harmless in sloppy mode, a TypeError wherever the module runs
 * strict (bundled or transpiled). Making the tags writable first lets the expansion run anywhere.
 */
function loosenZoneTags(event: VEvent): void {
  const dates = [event.start, event.end, ...Object.values(event.recurrences ?? {}).flatMap((moved) => [moved.start, moved.end])];
  for (const date of dates) {
    const tag = date ? Object.getOwnPropertyDescriptor(date, 'tz') : undefined;
    if (date && tag && !tag.writable) Object.defineProperty(date, 'tz', { ...tag, writable: true });
  }
}

function isBusy(event: VEvent): boolean {
  const status = typeof event.status === 'string' ? event.status.toUpperCase() : '';
  const transparency = typeof event.transparency === 'string' ? event.transparency.toUpperCase() : '';
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT';
}

/**
 * An all-day event has dates, not instants: the parser gives them as local midnights of this
 * process, whose calendar date is the event's; the owner is away those whole days in their zone.
 */
function wholeDays(start: DateWithTimeZone, end: DateWithTimeZone | undefined, zone: string): Interval {
  const first = DateTime.fromObject({ year: start.getFullYear(), month: start.getMonth() + 1, day: start.getDate() }, { zone });
  const last = end && end.getTime() > start.getTime() ? DateTime.fromObject({ year: end.getFullYear(), month: end.getMonth() + 1, day: end.getDate() }, { zone }) : first.plus({ days: 1 });
  return [first.toMillis(), last.toMillis()];
}
