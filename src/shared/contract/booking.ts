import { Type } from 'typebox';
import { WEEKDAYS, type Weekday } from '../booking';
import { isoTime, nullable, stringEnum } from './common';


const clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$', description: 'A time of day, HH:MM (24:00 ends a day).' });
const hours = Type.Array(Type.Tuple([clock, clock]), { maxItems: 12, description: 'Open ranges of the day, [from, to] in the owner’s time zone.' });

const BOOKING_LIMITS = { lengthMinutes: [5, 480], bufferMinutes: [0, 240], noticeHours: [0, 720], horizonDays: [1, 365], calendars: 5, location: 200 } as const;

/** `GET`/`PUT /api/booking/settings`. */
export const bookingSettingsSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    timeZone: Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone, e.g. America/New_York.' }),
    lengthMinutes: Type.Integer({ minimum: BOOKING_LIMITS.lengthMinutes[0], maximum: BOOKING_LIMITS.lengthMinutes[1] }),
    bufferMinutes: Type.Integer({ minimum: BOOKING_LIMITS.bufferMinutes[0], maximum: BOOKING_LIMITS.bufferMinutes[1] }),
    noticeHours: Type.Integer({ minimum: BOOKING_LIMITS.noticeHours[0], maximum: BOOKING_LIMITS.noticeHours[1] }),
    horizonDays: Type.Integer({ minimum: BOOKING_LIMITS.horizonDays[0], maximum: BOOKING_LIMITS.horizonDays[1] }),
    weekly: Type.Object(Object.fromEntries(WEEKDAYS.map((day) => [day, hours])) as Record<Weekday, typeof hours>, { additionalProperties: false }),
    busyCalendars: Type.Array(Type.String({ maxLength: 2000 }), { maxItems: BOOKING_LIMITS.calendars, description: 'iCalendar addresses (https://) whose events are busy time.' }),
    location: Type.String({ maxLength: BOOKING_LIMITS.location }),
  },
  { additionalProperties: false },
);

/** How each busy calendar was last read: shown on /admin/bookings. */
const calendarStateSchema = Type.Object({
  url: Type.String(),
  fetchedAt: nullable(isoTime()),
  events: Type.Integer({ description: 'Busy intervals read from the last good copy.' }),
  error: nullable(Type.String(), { description: 'Why the last attempt failed; the last good copy is still used.' }),
  failedAt: nullable(isoTime()),
});
export const settingsAnswerSchema = Type.Object({ ...bookingSettingsSchema.properties, calendars: Type.Array(calendarStateSchema) });

const day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A date, YYYY-MM-DD, in the owner’s time zone.' });
export const slotsQuerySchema = Type.Object({ from: day, to: day }, { additionalProperties: false });
export const slotSchema = Type.Object({ start: isoTime(), end: isoTime() });
export const slotsAnswerSchema = Type.Object({ timeZone: Type.String(), slots: Type.Array(slotSchema) });

export const bookingBodySchema = Type.Object({
  start: Type.String({ maxLength: 40, description: 'A free slot’s start, ISO 8601.' }),
  name: Type.String({ maxLength: 100 }),
  email: Type.String({ maxLength: 254 }),
  message: Type.String({ maxLength: 5000 }),
  website: Type.Optional(Type.String({ description: 'Left empty by people.' })),
  startToken: Type.Optional(Type.String({ description: 'From `GET /api/booking/form`; else the booking page’s cookie is read.' })),
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'The visitor’s zone, for the times in their mails.' })),
});
export const bookedSchema = Type.Object({ id: Type.String(), start: isoTime(), end: isoTime() });

const BOOKING_STATES = ['upcoming', 'past', 'cancelled'] as const;
export const bookingSchema = Type.Object({
  id: Type.String(),
  start: isoTime(),
  end: isoTime(),
  name: Type.String(),
  email: Type.String(),
  message: Type.String(),
  createdAt: isoTime(),
  cancelledAt: nullable(isoTime()),
  cancelledBy: nullable(Type.String()),
  state: stringEnum(BOOKING_STATES),
});

export const bookingListQuerySchema = Type.Object({ when: Type.Optional(stringEnum(['upcoming', 'past'] as const)) }, { additionalProperties: false });
export const bookingParamsSchema = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const ownerCancelSchema = Type.Object({ message: Type.String({ maxLength: 2000 }) }, { additionalProperties: false });

export const manageParamsSchema = Type.Object({ token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) });
export const managedSchema = Type.Object({ start: isoTime(), end: isoTime(), name: Type.String(), cancelled: Type.Boolean(), timeZone: Type.String() });
export const rescheduleSchema = Type.Object({ start: Type.String({ maxLength: 40 }) }, { additionalProperties: false });
export const bookingFormInfoSchema = Type.Object({ startToken: Type.String() });
export const bookingOpenSchema = Type.Object({ open: Type.Boolean({ description: 'Whether visitors may book a call (`/book` exists).' }) });
