import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DateTime, IANAZone } from 'luxon';
import { SLOT_TAKEN_MESSAGE, type BookingSettings, type Slot } from '../../shared/booking';
import type { ContactRepository } from '../contact/contact-repository';
import type { LeadSource } from '../leads/source-fields';
import type { BookingRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { OutgoingMail } from '../mail/mailer';
import { type BookingMailWorker } from './booking-mail-worker';
import { changeMails, reminderMail, type MailContext } from './booking-mails';
import { BookingRepository, SlotTakenError, type BookingValues, type QueuedMail } from './booking-repository';
import type { BookingSettingsStore } from './booking-settings';
import type { BusyCalendars } from './busy-calendars';
import { hashToken, isTokenShaped, newToken, type ManageLinks } from './manage-links';
import { mergeIntervals, widen, type Interval } from './busy-time';
import { daysSpan, freeSlots, isFreeSlot } from './slot-arithmetic';

export const NOT_A_SLOT = 'That time is not one of the free times. Please choose another.';
const BOOKINGS_OFF = 'Bookings are not open.';
/** The longest range one slots request may ask for: a page of days, not a year. */
const MAX_RANGE_DAYS = 62;
const REMINDER_BEFORE_MS = 24 * 60 * 60_000;
/** How often one booking may be moved: each move mails both sides, so a link cannot be replayed without end. */
const MAX_MOVES = 5;
const TOO_MANY_MOVES = `This call has been moved ${MAX_MOVES} times already. Please cancel it and book again, or write to us.`;
const MINUTE = 60_000;

export interface BookingServiceDeps {
  settings: BookingSettingsStore;
  repository: BookingRepository;
  calendars: BusyCalendars;
  mails: BookingMailWorker;
  links: ManageLinks;
  inbox: ContactRepository;
  siteUrl: string;
  /** The live Settings' name and e-mail, read when a mail is made. */
  identity: () => Promise<{ name: string; email: string }>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** What the booking calls do, apart from HTTP: slots, bookings, moves and cancellations with their mails. */
export class BookingService {
  constructor(private readonly deps: BookingServiceDeps) {}

  /** The settings when bookings are on; a 404 otherwise, as `/book` answers. */
  async openSettings(): Promise<BookingSettings> {
    const settings = await this.deps.settings.get();
    if (!settings.enabled) throw new HttpError(404, BOOKINGS_OFF);
    return settings;
  }

  async slots(settings: BookingSettings, from: string, to: string): Promise<Slot[]> {
    const first = DateTime.fromISO(from, { zone: settings.timeZone });
    const last = DateTime.fromISO(to, { zone: settings.timeZone });
    if (!first.isValid) throw new HttpError(400, `from "${from}" is not a date.`);
    if (!last.isValid) throw new HttpError(400, `to "${to}" is not a date.`);
    if (last < first) throw new HttpError(400, 'to must not be before from.');
    if (last.diff(first, 'days').days >= MAX_RANGE_DAYS) throw new HttpError(400, `A range may cover at most ${MAX_RANGE_DAYS} days.`);
    const busy = await this.busy(settings, daysSpan(settings.timeZone, from, to), true);
    return freeSlots(settings, { from, to, now: this.deps.now(), busy });
  }

  async book(settings: BookingSettings, values: Omit<BookingValues, 'timeZone'> & { timeZone?: string }, startText: string, source?: LeadSource): Promise<BookingRow> {
    const start = await this.freeStart(settings, startText);
    const end = new Date(start.getTime() + settings.lengthMinutes * MINUTE);
    const id = randomUUID();
    const token = newToken();
    const timeZone = values.timeZone && IANAZone.isValidZone(values.timeZone) ? values.timeZone : settings.timeZone;
    const now = this.deps.now();
    const context = await this.context(settings);
    const row = await this.taking(() =>
      this.deps.repository.insert(id, { ...values, timeZone }, start, end, hashToken(token), now, (booked) => [
        ...this.queued(changeMails(booked, 'booked', context, { token: this.deps.links.standIn }), now, token),
        ...reminder(booked, now),
      ]),
    );
    void this.deps.mails.poke();
    // Every booking is a message in the inbox as well, with the rest of the owner's leads.
    const when = DateTime.fromJSDate(start, { zone: settings.timeZone }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy, h:mm a');
    await this.deps.inbox
      .insert({ name: values.name, email: values.email, message: `Booked a call on the booking page for ${when} (${settings.timeZone}).\n\n${values.message}` }, null, now, { mail: false, source })
      .catch((error: unknown) => this.deps.log.error({ err: error, bookingId: row.id }, 'booking not added to the inbox'));
    return row;
  }

  async reschedule(settings: BookingSettings, token: string, startText: string): Promise<BookingRow> {
    const booking = await this.active(token);
    // SEQUENCE counts the moves (the invitation's own count).
    if (Number(booking.sequence) >= MAX_MOVES) throw new HttpError(409, TOO_MANY_MOVES);
    const start = await this.freeStart(settings, startText, booking);
    const end = new Date(start.getTime() + settings.lengthMinutes * MINUTE);
    const now = this.deps.now();
    const context = await this.context(settings);
    const moved = await this.taking(() => this.deps.repository.reschedule(booking, start, end, now, (row) => [...this.queued(changeMails(row, 'moved', context, { token: this.deps.links.standIn }), now, token), ...reminder(row, now)]));
    if (!moved) throw new HttpError(409, 'This booking changed meanwhile. Please reload and try again.');
    void this.deps.mails.poke();
    return moved;
  }

  async cancel(booking: BookingRow, by: 'visitor' | 'owner', ownerMessage?: string): Promise<BookingRow> {
    const settings = await this.deps.settings.get();
    const now = this.deps.now();
    const context = await this.context(settings);
    const cancelled = await this.deps.repository.cancel(booking, by, now, (row) => this.queued(changeMails(row, 'cancelled', context, { ownerMessage }), now));
    if (!cancelled) throw new HttpError(409, 'This booking is already cancelled.');
    void this.deps.mails.poke();
    return cancelled;
  }

  list(when: 'upcoming' | 'past', now: Date): Promise<BookingRow[]> {
    return this.deps.repository.list(when, now);
  }

  find(id: string): Promise<BookingRow | undefined> {
    return this.deps.repository.find(id);
  }

  /** A booking by the token of its link, cancelled or not; 404 when no booking has it. */
  async byToken(token: string): Promise<BookingRow> {
    const booking = isTokenShaped(token) ? await this.deps.repository.findByTokenHash(hashToken(token)) : undefined;
    if (!booking) throw new HttpError(404, 'No booking has this link.');
    return booking;
  }

  async active(token: string): Promise<BookingRow> {
    const booking = await this.byToken(token);
    if (booking.cancelled_at) throw new HttpError(409, 'This booking is cancelled.');
    if (Date.parse(booking.start_at) <= this.deps.now().getTime()) throw new HttpError(409, 'This call has already begun.');
    return booking;
  }

  /** The reminder as it goes: none for a booking cancelled, moved into the past, or already under way. */
  readonly renderReminder = async (bookingId: string, now: Date): Promise<OutgoingMail | null> => {
    const booking = await this.deps.repository.find(bookingId);
    if (!booking || booking.cancelled_at || Date.parse(booking.start_at) <= now.getTime()) return null;
    return reminderMail(booking, await this.context(await this.deps.settings.get()));
  };

  /**
   * The start asked for, when it is a free slot. A time outside the hours, in the past, inside
   * the notice, past the horizon or over a busy event is a 400; one only a booking holds is a
   * 409 (someone was quicker). The unique index still decides between two writers racing past this check.
   */
  private async freeStart(settings: BookingSettings, text: string, moving?: BookingRow): Promise<Date> {
    const start = new Date(text);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(start.getTime())) throw new HttpError(400, 'start must be a date and time (ISO 8601).');
    const now = this.deps.now();
    const around: Interval = [start.getTime() - 2 * 24 * 60 * MINUTE, start.getTime() + 2 * 24 * 60 * MINUTE];
    const calendarBusy = await this.busy(settings, around, false);
    if (!isFreeSlot(settings, start, now, calendarBusy)) throw new HttpError(400, NOT_A_SLOT);
    const taken = (await this.deps.repository.taken(around)).filter(([from]) => !moving || from !== Date.parse(moving.start_at));
    const busy = mergeIntervals([...calendarBusy, ...widen(taken, settings.bufferMinutes * MINUTE)]);
    if (!isFreeSlot(settings, start, now, busy)) throw new HttpError(409, SLOT_TAKEN_MESSAGE);
    return start;
  }

  /** Busy time over a window, widened by the buffer, sorted and joined; with or without the bookings. */
  private async busy(settings: BookingSettings, window: Interval, withBookings: boolean): Promise<Interval[]> {
    const buffer = settings.bufferMinutes * MINUTE;
    const [events, taken] = await Promise.all([this.deps.calendars.busy(settings.busyCalendars, settings.timeZone, settings.horizonDays), withBookings ? this.deps.repository.taken(window) : []]);
    const inWindow = events.filter(([from, to]) => to + buffer > window[0] && from - buffer < window[1]);
    return mergeIntervals(widen([...inWindow, ...taken], buffer));
  }

  private async taking<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof SlotTakenError) throw new HttpError(409, SLOT_TAKEN_MESSAGE);
      throw error;
    }
  }

  /** The visitor's mail first, then the owner's; a link's token goes sealed with the mail (manage-links.ts). */
  private queued(mails: OutgoingMail[], now: Date, token?: string): QueuedMail[] {
    return mails.map((mail, index) => ({ kind: index === 0 ? 'visitor' : 'owner', mail: this.deps.links.queued(mail, token), dueAt: now }));
  }

  private async context(settings: BookingSettings): Promise<MailContext> {
    return { siteUrl: this.deps.siteUrl, site: await this.deps.identity(), location: settings.location, ownerZone: settings.timeZone };
  }
}

/** The visitor's reminder a day ahead; none when the call is sooner than that. */
function reminder(booking: BookingRow, now: Date): QueuedMail[] {
  const due = Date.parse(booking.start_at) - REMINDER_BEFORE_MS;
  return due > now.getTime() ? [{ kind: 'reminder', mail: null, dueAt: new Date(due) }] : [];
}
