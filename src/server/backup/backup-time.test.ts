import { backupDay, nextBackupAt } from './backup-time';
import type { Archive } from './archive-store';
import { archivesToKeep } from './kept-archives';

const next = (iso: string, zone: string) => nextBackupAt(new Date(iso), zone).toISOString();

describe('the 03:00 backup across changes of clocks', () => {
  it('keeps 03:00 local in New York, 23 and 25 hours apart on the days clocks change', () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT.
    expect(next('2026-03-07T09:00:00Z', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(next('2026-03-08T07:00:00Z', 'America/New_York')).toBe('2026-03-09T07:00:00.000Z');
    // 2026-11-01: 02:00 EDT becomes 01:00 EST; 03:00 comes once, an hour later in UTC.
    expect(next('2026-10-31T09:00:00Z', 'America/New_York')).toBe('2026-11-01T08:00:00.000Z');
    expect(backupDay(new Date('2026-11-01T07:59:59Z'), 'America/New_York')).toBeNull();
    expect(backupDay(new Date('2026-11-01T08:00:00Z'), 'America/New_York')).toBe('2026-11-01');
  });

  it('keeps 03:00 local in London (clocks change at 01:00 and 02:00)', () => {
    expect(next('2026-03-28T12:00:00Z', 'Europe/London')).toBe('2026-03-29T02:00:00.000Z');
    expect(next('2026-10-24T12:00:00Z', 'Europe/London')).toBe('2026-10-25T03:00:00.000Z');
    expect(backupDay(new Date('2026-10-25T02:30:00Z'), 'Europe/London')).toBeNull();
  });

  it('takes the backup once where 03:00 does not exist or happens twice (Helsinki changes at 03:00 and 04:00)', () => {
    // 2026-03-29: 03:00 EET becomes 04:00 EEST; there is no 03:00: the backup is at 04:00 EEST (01:00 UTC).
    expect(next('2026-03-28T12:00:00Z', 'Europe/Helsinki')).toBe('2026-03-29T01:00:00.000Z');
    // 2026-10-25: 04:00 EEST becomes 03:00 EET; 03:00 comes twice: the first (00:00 UTC), and only once.
    expect(next('2026-10-24T12:00:00Z', 'Europe/Helsinki')).toBe('2026-10-25T00:00:00.000Z');
    expect(next('2026-10-25T00:00:00Z', 'Europe/Helsinki')).toBe('2026-10-26T01:00:00.000Z');
    expect(backupDay(new Date('2026-10-25T01:30:00Z'), 'Europe/Helsinki')).toBe('2026-10-25');
  });

  it('refuses a zone it does not know', () => {
    expect(() => nextBackupAt(new Date(), 'Mars/Olympus')).toThrow('Unknown time zone');
  });
});

describe('the archives kept', () => {
  const archive = (iso: string): Archive => ({ name: `backup-${iso.replace(/:/g, '-')}.tar.gz`, size: 1, createdAt: new Date(iso) });

  it('keeps the newest of each of the last 7 days and of each of the last 4 ISO weeks', () => {
    // Daily at 03:00 UTC for 60 days, up to Sunday 2026-03-01, and a second one that Sunday.
    const daily = Array.from({ length: 60 }, (_, index) => archive(new Date(Date.UTC(2026, 0, 1 + index, 3)).toISOString().replace(/\.\d+Z$/, 'Z')));
    const extra = archive('2026-03-01T18:00:00Z');
    const kept = [...archivesToKeep([...daily, extra], 'UTC')].sort();
    expect(kept).toEqual(
      [
        // Days: 03-01 (its newest), 02-28 back to 02-23.
        '2026-02-23T03-00-00Z', '2026-02-24T03-00-00Z', '2026-02-25T03-00-00Z', '2026-02-26T03-00-00Z', '2026-02-27T03-00-00Z', '2026-02-28T03-00-00Z', '2026-03-01T18-00-00Z',
        // Weeks before: the Sundays ending W08, W07 and W06.
        '2026-02-08T03-00-00Z', '2026-02-15T03-00-00Z', '2026-02-22T03-00-00Z',
      ].map((at) => `backup-${at}.tar.gz`).sort(),
    );
  });

  it('keeps days and weeks in the site’s zone', () => {
    // 23:30 UTC on Sunday is Monday in Helsinki: a new ISO week there.
    const kept = archivesToKeep([archive('2026-03-01T23:30:00Z'), archive('2026-03-01T12:00:00Z')], 'Europe/Helsinki');
    expect(kept.size).toBe(2);
    expect(archivesToKeep([archive('2026-03-01T23:30:00Z'), archive('2026-03-01T12:00:00Z')], 'UTC').size).toBe(1);
  });
});
