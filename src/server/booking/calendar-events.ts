import { DateTime } from 'luxon';
import ical, { type DateWithTimeZone, type VEvent } from 'node-ical';
import type { Interval } from './busy-time';
import { fixedStepBusy, MAX_OCCURRENCES_PER_EVENT } from './fixed-step-rules';

/** Past this many busy times a calendar's expansion stops: a rule repeating every minute must not fill memory. */
const MAX_INTERVALS = 100_000;

/**
 * The busy times of an iCalendar file between two instants: every event and every occurrence of
 * a recurring one (its rule expanded with EXDATEs removed and RECURRENCE-ID overrides applied,
 * in the time zone its VTIMEZONE or TZID names), all-day events as whole days of the owner's
 * zone. Cancelled events and those marked free (TRANSP:TRANSPARENT) are not busy. Only the
 * window is expanded (the days slots are offered for), a rule repeating by the second, minute or
 * hour by arithmetic (`fixed-step-rules.ts`), and no event gives more than
 * `MAX_OCCURRENCES_PER_EVENT` spans: past them the rest of the window is busy.
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
    const fixed = event.rrule ? fixedStepBusy(event, window) : null;
    const spans = fixed ? [...fixed, ...movedOccurrences(event)] : expanded(event, from, to, ownerZone);
    let kept = 0;
    for (const interval of spans) {
      if (interval[1] <= window[0] || interval[0] >= window[1]) continue;
      if (++kept > MAX_OCCURRENCES_PER_EVENT) {
        busy.push([interval[0], window[1]]);
        break;
      }
      busy.push(interval);
      if (busy.length >= MAX_INTERVALS) return busy;
    }
  }
  return busy;
}

/** The parser's expansion of an event between two instants, as busy spans. */
function expanded(event: VEvent, from: Date, to: Date, ownerZone: string): Interval[] {
  return ical
    .expandRecurringEvent(event, { from, to, expandOngoing: true })
    .filter((instance) => isBusy(instance.event))
    .map((instance) => (instance.isFullDay ? wholeDays(instance.start, instance.end, ownerZone) : ([instance.start.getTime(), instance.end.getTime()] as const)));
}

/** The occurrences of a recurring event moved elsewhere (RECURRENCE-ID), where they are busy. */
function movedOccurrences(event: VEvent): Interval[] {
  return (Object.values(event.recurrences ?? {}) as VEvent[])
    .filter((moved) => moved.start && moved.end && isBusy(moved))
    .map((moved) => [moved.start.getTime(), moved.end!.getTime()] as const);
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
