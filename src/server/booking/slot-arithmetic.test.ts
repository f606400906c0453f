import { DateTime } from 'luxon';
import type { BookingSettings } from '../../shared/booking';
import { mergeIntervals, widen, type Interval } from './busy-time';
import { freeSlots, isFreeSlot } from './slot-arithmetic';

const none = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] } as BookingSettings['weekly'];
const rules = (change: Partial<BookingSettings>) => ({ timeZone: 'America/New_York', lengthMinutes: 30, bufferMinutes: 0, noticeHours: 0, horizonDays: 365, weekly: none, ...change });
/** Long before the days asked for, so notice and horizon leave them whole. */
const EARLY = new Date('2026-01-01T00:00:00Z');
const localTimes = (slots: { start: string }[], zone: string) => slots.map((slot) => DateTime.fromISO(slot.start, { zone }).toFormat('HH:mm ZZ'));
const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start);

describe('free slots across daylight-saving changes', () => {
  it.each([
    ['America/New_York', '2026-03-08'],
    ['Europe/London', '2026-03-29'],
  ])('%s on %s: no slot at a time the clocks skip', (zone, day) => {
    const slots = freeSlots(rules({ timeZone: zone, weekly: { ...none, sun: [['00:00', '04:00']] } }), { from: day, to: day, now: EARLY, busy: [] });
    const times = localTimes(slots, zone).map((time) => time.slice(0, 5));
    const skipped = zone === 'Europe/London' ? '01:' : '02:';
    expect(times.some((time) => time.startsWith(skipped))).toBe(false);
    // Every slot starts at the wall-clock time it claims.
    for (const slot of slots) expect(DateTime.fromISO(slot.start, { zone }).minute % 30).toBe(0);
    expect(times).toEqual(zone === 'Europe/London' ? ['00:00', '00:30', '02:00', '02:30', '03:00', '03:30'] : ['00:00', '00:30', '01:00', '01:30', '03:00', '03:30']);
  });

  it.each([
    ['America/New_York', '2026-11-01', '01:00 -04:00'],
    ['Europe/London', '2026-10-25', '01:00 +01:00'],
  ])('%s on %s: a time that happens twice starts one slot, at its first occurrence', (zone, day, first) => {
    const slots = freeSlots(rules({ timeZone: zone, weekly: { ...none, sun: [['00:00', '04:00']] } }), { from: day, to: day, now: EARLY, busy: [] });
    const times = localTimes(slots, zone);
    expect(new Set(starts(slots)).size).toBe(slots.length);
    expect(new Set(times.map((time) => time.slice(0, 5))).size).toBe(slots.length);
    expect(times).toContain(first);
    expect(times.map((time) => time.slice(0, 5))).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
  });

  it('keeps a slot that would run past the range closing in real time out', () => {
    // 01:30 EDT plus an hour is 01:30 EST, past nothing; 01:00–02:00 on the fall-back night is two real hours.
    const slots = freeSlots(rules({ lengthMinutes: 60, weekly: { ...none, sun: [['01:00', '02:00']] } }), { from: '2026-11-01', to: '2026-11-01', now: EARLY, busy: [] });
    expect(starts(slots)).toEqual(['2026-11-01T05:00:00.000Z']);
  });

  it('gives the same weekly hours the same local times on either side of a change', () => {
    const weekly = { ...none, fri: [['09:00', '10:00']] as [string, string][], mon: [['09:00', '10:00']] as [string, string][] };
    const slots = freeSlots(rules({ weekly }), { from: '2026-03-06', to: '2026-03-09', now: EARLY, busy: [] });
    expect(starts(slots)).toEqual(['2026-03-06T14:00:00.000Z', '2026-03-06T14:30:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-09T13:30:00.000Z']);
  });
});

describe('free slots and what keeps time busy', () => {
  const weekly = { ...none, tue: [['09:00', '12:00']] as [string, string][] };
  const day = '2026-06-02';
  const at = (time: string) => DateTime.fromISO(`${day}T${time}`, { zone: 'America/New_York' }).toMillis();

  it('steps by length plus buffer', () => {
    const slots = freeSlots(rules({ weekly, bufferMinutes: 15 }), { from: day, to: day, now: EARLY, busy: [] });
    expect(localTimes(slots, 'America/New_York').map((time) => time.slice(0, 5))).toEqual(['09:00', '09:45', '10:30', '11:15']);
  });

  it('keeps the buffer free around a busy event', () => {
    const busy = mergeIntervals(widen([[at('10:00'), at('10:30')]], 15 * 60_000));
    const slots = freeSlots(rules({ weekly, bufferMinutes: 15 }), { from: day, to: day, now: EARLY, busy });
    // 09:45–10:15 meets 09:45 (the event's buffer) and 10:30–11:00 meets 10:45; 09:00 and 11:15 are clear.
    expect(localTimes(slots, 'America/New_York').map((time) => time.slice(0, 5))).toEqual(['09:00', '11:15']);
  });

  it('offers nothing inside the notice or past the horizon', () => {
    const now = new Date(at('07:00'));
    const slots = freeSlots(rules({ weekly, noticeHours: 3 }), { from: day, to: '2026-06-30', now, busy: [] });
    expect(slots[0]!.start).toBe(new Date(at('10:00')).toISOString());
    const days = (horizonDays: number) => new Set(freeSlots(rules({ weekly, horizonDays }), { from: day, to: '2026-06-30', now, busy: [] }).map((slot) => slot.start.slice(0, 10)));
    // Seven days from 07:00 end at 07:00 the next Tuesday, before its hours open; eight take them in.
    expect(days(7)).toEqual(new Set(['2026-06-02']));
    expect(days(8)).toEqual(new Set(['2026-06-02', '2026-06-09']));
  });

  it('takes out every occurrence of a recurring busy event', () => {
    const weekly2 = { ...none, tue: [['09:00', '11:00']] as [string, string][] };
    const standups: Interval[] = [0, 7, 14].map((days) => {
      const start = DateTime.fromISO('2026-06-02T09:30', { zone: 'America/New_York' }).plus({ days });
      return [start.toMillis(), start.plus({ minutes: 30 }).toMillis()];
    });
    const slots = freeSlots(rules({ timeZone: 'America/New_York', weekly: weekly2 }), { from: '2026-06-01', to: '2026-06-21', now: EARLY, busy: mergeIntervals(standups) });
    const perDay = localTimes(slots, 'America/New_York').map((time) => time.slice(0, 5));
    expect(perDay).toEqual(['09:00', '10:00', '10:30', '09:00', '10:00', '10:30', '09:00', '10:00', '10:30']);
  });

  it('recognises a free slot and refuses a time off the grid, in the past or busy', () => {
    const settings = rules({ weekly, bufferMinutes: 15 });
    const now = new Date(at('08:00'));
    expect(isFreeSlot(settings, new Date(at('09:45')), now, [])).toBe(true);
    expect(isFreeSlot(settings, new Date(at('09:50')), now, [])).toBe(false);
    expect(isFreeSlot(settings, new Date(at('12:00')), now, [])).toBe(false);
    expect(isFreeSlot(settings, new Date(at('09:00')), new Date(at('09:10')), [])).toBe(false);
    expect(isFreeSlot(settings, new Date(at('09:00')), now, [[at('09:20'), at('09:25')]])).toBe(false);
  });
});

describe('free slots where the clocks change at midnight', () => {
  it('keeps the next days at their wall-clock times (Santiago skips 00:00 on 6 September 2026)', () => {
    const weekly = { ...none, sun: [['09:00', '10:00']] as [string, string][], mon: [['09:00', '10:00']] as [string, string][] };
    const slots = freeSlots(rules({ timeZone: 'America/Santiago', weekly }), { from: '2026-09-06', to: '2026-09-07', now: EARLY, busy: [] });
    expect(localTimes(slots, 'America/Santiago').map((time) => time.slice(0, 5))).toEqual(['09:00', '09:30', '09:00', '09:30']);
  });
});
