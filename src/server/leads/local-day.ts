import { DateTime } from 'luxon';

/** The hour of the site's day the follow-up reminder goes out. */
const REMINDER_HOUR = 8;

/** `now` in the zone, refusing a zone the time zone database does not know (it would silently be UTC otherwise). */
function inZone(now: Date, zone: string): DateTime {
  const local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid) throw new Error(`Unknown time zone: ${zone}`);
  return local;
}

/** Today's date in the zone, YYYY-MM-DD. */
export function localToday(now: Date, zone: string): string {
  return inZone(now, zone).toISODate()!;
}

/** The day whose reminder is due at `now` (08:00 or later that local day), or null before 08:00. */
export function reminderDay(now: Date, zone: string): string | null {
  const local = inZone(now, zone);
  return local.hour >= REMINDER_HOUR ? local.toISODate() : null;
}

/** The next 08:00 in the zone strictly after `now`, as a moment: 23 or 25 hours apart across a change of clocks. */
export function nextReminderAt(now: Date, zone: string): Date {
  const local = inZone(now, zone);
  let at = local.startOf('day').set({ hour: REMINDER_HOUR });
  if (at <= local) at = local.startOf('day').plus({ days: 1 }).set({ hour: REMINDER_HOUR });
  return at.toJSDate();
}

/** Whether a date is a real YYYY-MM-DD day (the pattern alone lets 2026-02-31 through). */
export function isRealDate(day: string): boolean {
  return DateTime.fromISO(day, { zone: 'UTC' }).isValid && /^\d{4}-\d{2}-\d{2}$/.test(day);
}
