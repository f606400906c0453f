import { DateTime } from 'luxon';

/** The hour of the site's day the scheduled backup is taken: the quietest of a small business's site. */
const BACKUP_HOUR = 3;

/** `now` in the zone, refusing a zone the time zone database does not know (it would silently be UTC otherwise). */
function inZone(now: Date, zone: string): DateTime {
  const local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid) throw new Error(`Unknown time zone: ${zone}`);
  return local;
}

/**
 * The moment of a local day's backup. Where clocks skip 03:00 (Europe/Helsinki in March) Luxon
 * moves it on by the gap, to 04:00; where 03:00 comes twice (Helsinki in October) it is the
 * first. Either way one moment a day.
 */
function backupAt(day: DateTime): DateTime {
  return day.startOf('day').set({ hour: BACKUP_HOUR });
}

/** The local day whose backup is due at `now` (its 03:00 has passed), or null before 03:00. */
export function backupDay(now: Date, zone: string): string | null {
  const local = inZone(now, zone);
  return backupAt(local) <= local ? local.toISODate() : null;
}

/** The next backup moment strictly after `now`: 23 or 25 hours apart across a change of clocks. */
export function nextBackupAt(now: Date, zone: string): Date {
  const local = inZone(now, zone);
  const today = backupAt(local);
  return (today > local ? today : backupAt(local.plus({ days: 1 }))).toJSDate();
}

/** The local day and ISO week (2026-W13) of a moment, for keeping one archive of each. */
export function dayAndWeek(at: Date, zone: string): { day: string; week: string } {
  const local = inZone(at, zone);
  return { day: local.toISODate()!, week: `${local.weekYear}-W${String(local.weekNumber).padStart(2, '0')}` };
}
