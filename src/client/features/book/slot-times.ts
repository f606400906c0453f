import type { Slot } from '../../../shared/booking';

/** Zones the page offers without JavaScript (with it, the visitor's own comes first). */
export const COMMON_ZONES = [
  'America/Los_Angeles',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Lisbon',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Athens',
  'Africa/Lagos',
  'Africa/Johannesburg',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'UTC',
] as const;

/** The days a page of slots covers: from today in the owner's zone, this many. */
export const DAYS_SHOWN = 14;

/** `YYYY-MM-DD` of an instant in a zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** `YYYY-MM-DD` `days` after another, by the calendar. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export interface SlotDay {
  key: string;
  label: string;
  slots: { start: string; label: string }[];
}

/** Slots grouped by their day in `timeZone`, each labelled as a person there reads it. */
export function slotDays(slots: readonly Slot[], timeZone: string): SlotDay[] {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const at = new Date(slot.start);
    const key = dateIn(at, timeZone);
    let current = days.at(-1);
    if (current?.key !== key) {
      current = { key, label: day.format(at), slots: [] };
      days.push(current);
    }
    current.slots.push({ start: slot.start, label: time.format(at) });
  }
  return days;
}

/** A booking's time as its visitor reads it: "Tuesday, June 2, 3:45 PM – 4:15 PM". */
export function slotLabel(start: string, end: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  return `${day.format(new Date(start))} – ${time.format(new Date(end))}`;
}

/** The browser's zone, or undefined where it has none to tell. */
export function visitorZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
