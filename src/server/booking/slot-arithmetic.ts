import { DateTime } from 'luxon';
import { WEEKDAYS, type BookingSettings, type Slot } from '../../shared/booking';
import { overlapsAny, type Interval } from './busy-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SlotRules = Pick<BookingSettings, 'timeZone' | 'lengthMinutes' | 'bufferMinutes' | 'noticeHours' | 'horizonDays' | 'weekly'>;

export interface SlotQuery {
  /** First and last day asked for, YYYY-MM-DD in the owner's zone. */
  from: string;
  to: string;
  now: Date;
  /** Busy time already widened by the buffer, sorted and joined (`mergeIntervals`). */
  busy: readonly Interval[];
}

/**
 * The free slots of the weekly hours between two days of the owner's calendar. Slots step
 * through each open range by the owner's wall clock (length plus buffer), as the owner reads
 * their hours: on the night the clocks go forward a time that does not exist starts no slot,
 * and on the night they go back a time that happens twice starts one slot, at its first
 * occurrence. A slot ends by real elapsed time, and must end by the range's close.
 */
export function freeSlots(rules: SlotRules, { from, to, now, busy }: SlotQuery): Slot[] {
  const length = rules.lengthMinutes * MINUTE;
  const stepMinutes = rules.lengthMinutes + rules.bufferMinutes;
  const earliest = now.getTime() + rules.noticeHours * HOUR;
  const latest = now.getTime() + rules.horizonDays * DAY;
  const slots: Slot[] = [];
  const last = DateTime.fromISO(to, { zone: rules.timeZone });
  for (let day = DateTime.fromISO(from, { zone: rules.timeZone }); day <= last; day = day.plus({ days: 1 }).startOf('day')) {
    // Past the horizon nothing more can open: the remaining days are skipped, not walked.
    if (day.toMillis() > latest) break;
    const ranges = rules.weekly[WEEKDAYS[day.weekday - 1]!];
    if (ranges.length === 0) continue;
    const next = day.plus({ days: 1 }).startOf('day');
    // On a day without a clock change every wall-clock minute is midnight plus that many minutes:
    // plain arithmetic. Only a day the clocks change on asks the zone about each time.
    const steady = day.hour === 0 && day.minute === 0 && day.offset === next.offset && next.toMillis() - day.toMillis() === DAY;
    for (const [open, close] of ranges) {
      const rangeEnd = steady ? day.toMillis() + minutesOf(close) * MINUTE : atClock(day, close);
      const closeMinute = minutesOf(close);
      for (let minute = minutesOf(open); minute + rules.lengthMinutes <= closeMinute; minute += stepMinutes) {
        let start: number;
        if (steady) start = day.toMillis() + minute * MINUTE;
        else {
          const local = day.set({ hour: Math.floor(minute / 60), minute: minute % 60, second: 0, millisecond: 0 });
          // The clocks skipped this time: Luxon moved it past the gap, where it is not the time asked for.
          if (local.hour * 60 + local.minute !== minute) continue;
          start = local.toMillis();
        }
        if (start < earliest || start + length > latest || start + length > rangeEnd) continue;
        if (overlapsAny(busy, start, start + length)) continue;
        slots.push({ start: new Date(start).toISOString(), end: new Date(start + length).toISOString() });
      }
    }
  }
  return slots;
}

/** Whether `start` begins one of the free slots (the check a booking and a reschedule pass). */
export function isFreeSlot(rules: SlotRules, start: Date, now: Date, busy: readonly Interval[]): boolean {
  if (Number.isNaN(start.getTime())) return false;
  // A slot starts and ends within one day of the owner's calendar: only that day's are compared.
  const day = DateTime.fromJSDate(start, { zone: rules.timeZone }).toISODate()!;
  const iso = start.toISOString();
  return freeSlots(rules, { from: day, to: day, now, busy }).some((slot) => slot.start === iso);
}

/**
 * The instant a wall-clock time of a day means in its zone. A time the clocks skip is read as
 * the same distance past the change (02:30 on a spring-forward night is 03:30), one they repeat
 * as its first occurrence; 24:00 is the next midnight.
 */
function atClock(day: DateTime, clock: string): number {
  const minutes = minutesOf(clock);
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  if (hour === 24) return day.plus({ days: 1 }).startOf('day').toMillis();
  return day.set({ hour, minute, second: 0, millisecond: 0 }).toMillis();
}

/** The instants a range of owner's days covers, for reading busy time: from the first midnight to past the last. */
export function daysSpan(timeZone: string, from: string, to: string): Interval {
  return [DateTime.fromISO(from, { zone: timeZone }).toMillis(), DateTime.fromISO(to, { zone: timeZone }).plus({ days: 1 }).toMillis()];
}

function minutesOf(clock: string): number {
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}
