import { busyTimes } from './calendar-events';
import { MAX_OCCURRENCES_PER_EVENT } from './fixed-step-rules';

const calendar = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']), 'END:VCALENDAR', ''].join('\r\n');
const at = (iso: string) => Date.parse(iso);
/** The booking window of the API tests: from 1 June 2026 for the 30 days slots are offered. */
const WINDOW = [at('2026-06-01T00:00:00Z'), at('2026-07-02T00:00:00Z')] as const;
const iso = (spans: readonly (readonly [number, number])[]) => spans.map(([from, to]) => [new Date(from).toISOString(), new Date(to).toISOString()]);

describe('busy times of rules repeating by the second, minute or hour', () => {
  it('reads FREQ=SECONDLY without COUNT or UNTIL fast, as busy from its start to the window’s end', () => {
    const body = calendar(['UID:every-second@test', 'DTSTAMP:20260501T000000Z', 'DTSTART:20260603T130000Z', 'DTEND:20260603T130001Z', 'RRULE:FREQ=SECONDLY', 'SUMMARY:Tick']);
    const started = performance.now();
    const busy = busyTimes(body, WINDOW, 'America/New_York');
    expect(performance.now() - started).toBeLessThan(500);
    expect(iso(busy)).toEqual([['2026-06-03T13:00:00.000Z', '2026-07-02T00:00:00.000Z']]);
  });

  it('gives each occurrence of a MINUTELY rule with gaps, within the window, EXDATE left out', () => {
    const body = calendar([
      'UID:every-90-minutes@test',
      'DTSTAMP:20260501T000000Z',
      'DTSTART;TZID=America/New_York:20260602T090000',
      'DTEND;TZID=America/New_York:20260602T093000',
      'RRULE:FREQ=MINUTELY;INTERVAL=90;COUNT=4',
      'EXDATE;TZID=America/New_York:20260602T120000',
      'SUMMARY:Check',
    ]);
    expect(iso(busyTimes(body, WINDOW, 'America/New_York'))).toEqual([
      ['2026-06-02T13:00:00.000Z', '2026-06-02T13:30:00.000Z'],
      ['2026-06-02T14:30:00.000Z', '2026-06-02T15:00:00.000Z'],
      ['2026-06-02T17:30:00.000Z', '2026-06-02T18:00:00.000Z'],
    ]);
  });

  it('expands only the window, and bounds the spans of one event (the rest of the window busy)', () => {
    // Every two minutes for a minute, since 2020: millions of occurrences, a handful of days asked for.
    const body = calendar(['UID:blink@test', 'DTSTAMP:20200101T000000Z', 'DTSTART:20200101T000000Z', 'DTEND:20200101T000100Z', 'RRULE:FREQ=MINUTELY;INTERVAL=2', 'SUMMARY:Blink']);
    const started = performance.now();
    const day = busyTimes(body, [at('2026-06-02T00:00:00Z'), at('2026-06-02T01:00:00Z')], 'UTC');
    expect(day).toHaveLength(30);
    expect(iso(day.slice(0, 2))).toEqual([
      ['2026-06-02T00:00:00.000Z', '2026-06-02T00:01:00.000Z'],
      ['2026-06-02T00:02:00.000Z', '2026-06-02T00:03:00.000Z'],
    ]);
    const month = busyTimes(body, WINDOW, 'UTC');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(month).toHaveLength(MAX_OCCURRENCES_PER_EVENT + 1);
    expect(month.at(-1)![1]).toBe(WINDOW[1]);
  });

  it('keeps reading ordinary rules through the parser (a weekly meeting)', () => {
    const body = calendar(['UID:weekly@test', 'DTSTAMP:20260501T000000Z', 'DTSTART:20260602T130000Z', 'DTEND:20260602T140000Z', 'RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Weekly']);
    expect(iso(busyTimes(body, WINDOW, 'UTC'))).toEqual([
      ['2026-06-02T13:00:00.000Z', '2026-06-02T14:00:00.000Z'],
      ['2026-06-09T13:00:00.000Z', '2026-06-09T14:00:00.000Z'],
      ['2026-06-16T13:00:00.000Z', '2026-06-16T14:00:00.000Z'],
    ]);
  });
});
