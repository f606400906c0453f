import { isRealDate, localToday, nextReminderAt, reminderDay } from './local-day';

describe('the site’s day', () => {
  it('is the zone’s date, not UTC’s', () => {
    expect(localToday(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localToday(new Date('2026-03-29T03:30:00Z'), 'America/New_York')).toBe('2026-03-28');
  });

  it('finds 08:00 on both sides of a change of clocks', () => {
    // Europe springs forward on 2026-03-29: 08:00 is 07:00 UTC the day before, 06:00 UTC that day.
    expect(nextReminderAt(new Date('2026-03-28T07:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(nextReminderAt(new Date('2026-03-28T06:59:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-28T07:00:00.000Z');
    // New York falls back on 2026-11-01: 08:00 EDT is 12:00 UTC, 08:00 EST 13:00 UTC.
    expect(nextReminderAt(new Date('2026-10-31T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(reminderDay(new Date('2026-03-29T05:59:59Z'), 'Europe/Berlin')).toBeNull();
    expect(reminderDay(new Date('2026-03-29T06:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
  });

  it('refuses a zone it does not know and dates that do not exist', () => {
    expect(() => localToday(new Date(), 'Mars/Olympus')).toThrow('Unknown time zone');
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2028-02-29')).toBe(true);
  });
});
