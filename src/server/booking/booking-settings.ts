import type { Kysely } from 'kysely';
import { IANAZone } from 'luxon';
import { WEEKDAYS, type BookingSettings } from '../../shared/booking';
import type { Schema } from '../db/schema';
import { HttpError } from '../http/errors';
import { calendarAddressProblem } from './calendar-address';

/** A fresh site: bookings off, office hours on weekdays in New York. */
const DEFAULT_SETTINGS: BookingSettings = {
  enabled: false,
  timeZone: 'America/New_York',
  lengthMinutes: 30,
  bufferMinutes: 15,
  noticeHours: 12,
  horizonDays: 30,
  weekly: {
    mon: [['09:00', '12:00'], ['13:00', '17:00']],
    tue: [['09:00', '12:00'], ['13:00', '17:00']],
    wed: [['09:00', '12:00'], ['13:00', '17:00']],
    thu: [['09:00', '12:00'], ['13:00', '17:00']],
    fri: [['09:00', '12:00'], ['13:00', '17:00']],
    sat: [],
    sun: [],
  },
  busyCalendars: [],
  location: 'Video call: link in the invitation',
};

const toMinutes = (clock: string) => {
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
};

/**
 * What the schema cannot say about settings, as a 400 naming the field: a zone the time-zone
 * database knows, ranges that run forwards and do not overlap, calendar addresses that may be
 * fetched. Returns the settings with the ranges sorted and addresses trimmed.
 */
export function checkedSettings(input: BookingSettings, allowLoopbackHttp: boolean): BookingSettings {
  if (!IANAZone.isValidZone(input.timeZone)) throw new HttpError(400, `timeZone "${input.timeZone}" is not a time zone.`);
  const weekly = { ...input.weekly };
  for (const day of WEEKDAYS) {
    const ranges = [...input.weekly[day]].sort((a, b) => toMinutes(a[0]) - toMinutes(b[0]));
    ranges.forEach(([from, to], index) => {
      if (from === '24:00' || toMinutes(to) <= toMinutes(from)) throw new HttpError(400, `weekly.${day}: ${from}–${to} must end after it starts.`);
      const previous = ranges[index - 1];
      if (previous && toMinutes(previous[1]) > toMinutes(from)) throw new HttpError(400, `weekly.${day}: ${previous[0]}–${previous[1]} and ${from}–${to} overlap.`);
    });
    weekly[day] = ranges;
  }
  const busyCalendars = [...new Set(input.busyCalendars.map((url) => url.trim()))];
  busyCalendars.forEach((url, index) => {
    const problem = calendarAddressProblem(url, allowLoopbackHttp);
    if (problem) throw new HttpError(400, `busyCalendars/${index} ${problem}.`);
  });
  return { ...input, weekly, busyCalendars, location: input.location.trim() };
}

/** The one row of settings; a site that never saved any has the defaults. */
export class BookingSettingsStore {
  constructor(private readonly db: Kysely<Schema>) {}

  async get(): Promise<BookingSettings> {
    const row = await this.db.selectFrom('booking_settings').select('settings').where('id', '=', 1).executeTakeFirst();
    return row ? { ...DEFAULT_SETTINGS, ...(JSON.parse(row.settings) as Partial<BookingSettings>) } : DEFAULT_SETTINGS;
  }

  async put(settings: BookingSettings, now: Date): Promise<void> {
    const values = { id: 1, settings: JSON.stringify(settings), updated_at: now.toISOString() };
    await this.db
      .insertInto('booking_settings')
      .values(values)
      .onConflict((oc) => oc.column('id').doUpdateSet({ settings: values.settings, updated_at: values.updated_at }))
      .execute();
  }
}
