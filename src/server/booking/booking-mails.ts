import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { paths } from '../../shared/paths';
import { escapeHtml } from '../../shared/text/escape-html';
import type { BookingRow } from '../db/schema';
import type { OutgoingMail } from '../mail/mailer';

export interface MailContext {
  siteUrl: string;
  /** The live Settings' name and e-mail: the organiser of the invitation and the owner's copy. */
  site: { name: string; email: string };
  location: string;
  /** The owner's zone, for the owner's copy. */
  ownerZone: string;
}

type Change = 'booked' | 'moved' | 'cancelled';

/**
 * The RFC 5545 invitation of a booking: one event whose UID is the booking's for its whole life,
 * so that calendars update the one entry; SEQUENCE rises with each move, and a cancellation is
 * METHOD:CANCEL of the same UID. Times are written in UTC.
 */
function invitation(booking: BookingRow, context: MailContext, method: 'REQUEST' | 'CANCEL'): string {
  const calendar = ical({ prodId: { company: context.site.name, product: 'Bookings', language: 'EN' }, method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    id: `${booking.id}@${new URL(context.siteUrl).hostname}`,
    sequence: Number(booking.sequence),
    start: new Date(booking.start_at),
    end: new Date(booking.end_at),
    stamp: new Date(),
    summary: `Call with ${context.site.name}`,
    description: booking.message,
    location: context.location || null,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: context.site.name, email: context.site.email },
    attendees: [{ name: booking.name, email: booking.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }],
  });
  return calendar.toString();
}

/** The visitor's mail and the owner's for a change, each carrying the invitation. */
export function changeMails(booking: BookingRow, change: Change, context: MailContext, extra: { token?: string; ownerMessage?: string } = {}): OutgoingMail[] {
  const method = change === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const content = invitation(booking, context, method);
  const manage = extra.token ? `${context.siteUrl}${paths.bookManage(extra.token)}` : undefined;
  const visitorWhen = when(booking, booking.time_zone);
  const ownerWhen = when(booking, context.ownerZone);
  const subjects: Record<Change, [string, string]> = {
    booked: [`Your call with ${context.site.name}: ${visitorWhen}`, `New booking: ${booking.name}, ${ownerWhen}`],
    moved: [`Your call with ${context.site.name} moved to ${visitorWhen}`, `Booking moved: ${booking.name}, ${ownerWhen}`],
    cancelled: [`Your call with ${context.site.name} is cancelled`, `Booking cancelled: ${booking.name}, ${ownerWhen}`],
  };
  const intro: Record<Change, string> = {
    booked: `Your call is booked for ${visitorWhen}.`,
    moved: `Your call has moved to ${visitorWhen}.`,
    cancelled: `Your call on ${visitorWhen} is cancelled.`,
  };
  const visitorLines = [
    `Hello ${booking.name},`,
    '',
    intro[change],
    ...(extra.ownerMessage ? ['', extra.ownerMessage] : []),
    ...(change !== 'cancelled' && context.location ? ['', `Where: ${context.location}`] : []),
    ...(manage ? ['', `To cancel or reschedule: ${manage}`] : []),
    '',
    context.site.name,
  ];
  const ownerLines = [
    `${booking.name} <${booking.email}>`,
    `When: ${ownerWhen}`,
    `Visitor's time: ${visitorWhen}`,
    ...(booking.cancelled_by ? [`Cancelled by the ${booking.cancelled_by}.`] : []),
    '',
    booking.message,
  ];
  const icalEvent = { method, content };
  return [
    { to: booking.email, subject: subjects[change][0], text: visitorLines.join('\n'), html: asHtml(visitorLines, manage), icalEvent },
    { to: context.site.email, replyTo: booking.email, subject: subjects[change][1], text: ownerLines.join('\n'), html: asHtml(ownerLines), icalEvent },
  ];
}

/** The day-before reminder to the visitor; rendered when it goes, so it names the time the booking has then. */
export function reminderMail(booking: BookingRow, context: MailContext): OutgoingMail {
  const lines = [
    `Hello ${booking.name},`,
    '',
    `A reminder: your call with ${context.site.name} is ${when(booking, booking.time_zone)}.`,
    ...(context.location ? ['', `Where: ${context.location}`] : []),
    '',
    'To cancel or reschedule, use the link in your invitation.',
    '',
    context.site.name,
  ];
  return { to: booking.email, subject: `Reminder: your call with ${context.site.name} tomorrow`, text: lines.join('\n'), html: asHtml(lines) };
}

function when(booking: BookingRow, zone: string): string {
  const start = DateTime.fromISO(booking.start_at, { zone }).setLocale('en-US');
  const end = DateTime.fromISO(booking.end_at, { zone }).setLocale('en-US');
  return `${start.toFormat('cccc, LLLL d, yyyy, h:mm a')} – ${end.toFormat('h:mm a')} (${zone})`;
}

function asHtml(lines: string[], link?: string): string {
  const body = lines.map((line) => (line === '' ? '<br>' : escapeHtml(line))).join('<br>');
  return link ? `<p>${body}</p><p><a href="${escapeHtml(link)}">Cancel or reschedule</a></p>` : `<p>${body}</p>`;
}
