import type { VEvent } from 'node-ical';
import type { Interval } from './busy-time';

/** The rules whose occurrences are a fixed number of milliseconds apart, counted here rather than by the parser. */
const STEP_MS: Readonly<Record<string, number>> = { SECONDLY: 1000, MINUTELY: 60_000, HOURLY: 60 * 60_000 };

/**
 * Past this many occurrences of one event in the window, the rest of the window is busy: a
 * calendar cannot make the slots' arithmetic walk millions of spans, and more busy time than the
 * calendar says is safe where less would double-book the owner.
 */
export const MAX_OCCURRENCES_PER_EVENT = 5000;

const BY_PARTS = ['byHour', 'byMinute', 'bySecond', 'byDay', 'byMonth', 'byMonthDay', 'byYearDay', 'byWeekNo', 'bySetPos'] as const;

interface RuleOptions {
  freq?: string;
  interval?: number;
  count?: number;
  until?: Date;
  rDate?: Date[];
  [part: string]: unknown;
}

/**
 * The busy spans, within `window`, of an event repeating by the second, the minute or the hour,
 * worked out by arithmetic: the parser would step through every occurrence from the event's start
 * (millions for FREQ=SECONDLY without COUNT or UNTIL, at a fraction of a millisecond each, or
 * silently none past its own cap). Occurrences that meet or overlap are one span. A rule that
 * also filters or multiplies its occurrences (BYHOUR, BYSECOND…) is busy for the whole time it
 * runs in the window. Null for any other rule, which the parser expands.
 */
export function fixedStepBusy(event: VEvent, window: Interval): Interval[] | null {
  const options = (event.rrule?.options ?? {}) as RuleOptions;
  const unit = options.freq ? STEP_MS[options.freq.toUpperCase()] : undefined;
  if (!unit || !event.start) return null;
  const step = unit * Math.max(1, Number(options.interval) || 1);
  const first = event.start.getTime();
  const duration = Math.max(0, (event.end?.getTime() ?? first) - first);
  const until = options.until instanceof Date ? options.until.getTime() : Infinity;
  const count = Number(options.count) > 0 ? Number(options.count) : Infinity;
  const lastStart = Math.min(until, first + (count - 1) * step);
  const [from, to] = window;
  const clamp = (start: number, end: number): Interval[] => (Math.min(end, to) > Math.max(start, from) ? [[Math.max(start, from), Math.min(end, to)]] : []);
  const extra = (options.rDate ?? []).map((date) => date.getTime()).flatMap((start) => clamp(start, start + duration));

  const filtered = BY_PARTS.some((part) => options[part] !== undefined && options[part] !== null);
  if (filtered) return [...clamp(first, until === Infinity ? Infinity : until + step + duration), ...extra];
  // Each occurrence lasts at least until the next begins: one span from the first to the last.
  if (duration >= step) return [...clamp(first, lastStart + duration), ...extra];

  const excluded = new Set(Object.values(event.exdate ?? {}).map((date) => (date as Date).getTime()));
  const busy: Interval[] = [];
  // The first occurrence still under way at the window's start.
  for (let k = Math.max(0, Math.floor((from - duration - first) / step) + 1); ; k++) {
    const start = first + k * step;
    if (start >= to || start > lastStart) break;
    if (busy.length >= MAX_OCCURRENCES_PER_EVENT) {
      busy.push(...clamp(start, to));
      break;
    }
    if (!excluded.has(start)) busy.push(...clamp(start, start + duration));
  }
  return [...busy, ...extra];
}
