import { MemoryWindows } from './memory-windows';

describe('MemoryWindows', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000_000));

  it('lets a key take its points, then answers how long until its window ends', () => {
    const windows = new MemoryWindows(3, 60_000, clock);
    expect([windows.take('a'), windows.take('a'), windows.take('a')]).toEqual([0, 0, 0]);
    now += 10_000;
    expect(windows.take('a')).toBe(50_000);
    // Another key has windows of its own.
    expect(windows.take('b')).toBe(0);
  });

  it('starts a new window once the old one has ended', () => {
    const windows = new MemoryWindows(1, 60_000, clock);
    expect(windows.take('a')).toBe(0);
    expect(windows.take('a')).toBe(60_000);
    now += 60_000;
    expect(windows.take('a')).toBe(0);
  });

  it('forgets keys whose windows have ended, so that a stream of new keys holds no more than two windows of them', () => {
    const windows = new MemoryWindows(5, 60_000, clock);
    for (let minute = 0; minute < 10; minute++) {
      for (let key = 0; key < 1_000; key++) windows.take(`${minute}:${key}`);
      now += 60_000;
    }
    expect(windows.size).toBeLessThanOrEqual(2_000);
  });
});
