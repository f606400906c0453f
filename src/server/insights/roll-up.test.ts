import { keptFrom, unsettledFrom } from './roll-up';

describe('the daily roll-up', () => {
  it('keeps 90 days of single events', () => {
    expect(keptFrom(new Date('2026-04-10T12:00:00Z'))).toBe('2026-01-10');
  });

  it('sums a day up once it has been over an hour, when late events have arrived', () => {
    expect(unsettledFrom(new Date('2026-04-10T00:59:59Z'))).toBe('2026-04-09');
    expect(unsettledFrom(new Date('2026-04-10T01:00:00Z'))).toBe('2026-04-10');
  });
});
