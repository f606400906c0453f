/**
 * `points` per key in a window of `durationMs` from the key's first point, counted in this
 * instance's memory and answered at once: rate-limiter-flexible's memory limiter counts the same
 * way, but answers through a promise and keeps a timer per key, a measurable share of what a call
 * as cheap as a beacon's event costs (docs/benchmarks.md, "Events' own cost"). Windows that have
 * ended are swept once per window, so memory holds only the keys seen within the last two.
 */
export class MemoryWindows {
  private readonly windows = new Map<string, { used: number; endsAt: number }>();
  private sweepAt = 0;

  constructor(
    private readonly points: number,
    private readonly durationMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a point for `key`: 0 when it is within the limit, else the milliseconds until its window ends. */
  take(key: string): number {
    const now = this.now();
    if (now >= this.sweepAt) this.sweep(now);
    let window = this.windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      window = { used: 0, endsAt: now + this.durationMs };
      this.windows.set(key, window);
    }
    window.used++;
    return window.used > this.points ? window.endsAt - now : 0;
  }

  /** How many keys are held (tests). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    this.sweepAt = now + this.durationMs;
  }
}
