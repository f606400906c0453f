import { WEEKDAYS, type BookingSettings, type Weekday } from '../../../shared/booking';

export const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** A day's ranges as the owner types them: "09:00-12:00, 13:00-17:00". */
export function hoursText(ranges: readonly (readonly [string, string])[]): string {
  return ranges.map(([from, to]) => `${from}-${to}`).join(', ');
}

/** The ranges typed for a day; the server says what is wrong with any of them. */
function parseHours(text: string): [string, string][] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [from = '', to = ''] = part.split(/\s*[-–]\s*/);
      return [pad(from), pad(to)];
    });
}

/** "9:00" is "09:00". */
const pad = (clock: string) => (/^\d:\d\d$/.test(clock) ? `0${clock}` : clock);

export function weeklyFrom(texts: Record<Weekday, string>): BookingSettings['weekly'] {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, parseHours(texts[day])])) as BookingSettings['weekly'];
}
