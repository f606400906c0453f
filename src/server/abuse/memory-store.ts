import { blockUntil, type LimitRule, type LimitStore } from './limit-store';

interface Entry {
  /** Event times within the entry's window, oldest first. */
  events: number[];
  windowMs: number;
  blockedUntil: number;
}

const SWEEP_EVERY_MS = 60_000;

/** The limits of one instance, in memory: the default when no REDIS_URL is set. */
export class MemoryLimitStore implements LimitStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    // Under jsdom (component tests against the real API) timers are numbers without unref.
    if (typeof this.sweeper === 'object') this.sweeper.unref();
  }

  async blockedFor(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  async hit(key: string, rule: LimitRule, unlessBlocked: boolean): Promise<number> {
    const now = this.now();
    const entry = this.entries.get(key) ?? { events: [], windowMs: rule.windowMs, blockedUntil: 0 };
    if (unlessBlocked && entry.blockedUntil > now) return entry.blockedUntil - now;
    entry.windowMs = rule.windowMs;
    entry.events = [...entry.events.filter((time) => time > now - rule.windowMs), now].slice(-rule.limit);
    entry.blockedUntil = Math.max(entry.blockedUntil, blockUntil(entry.events, rule, now));
    this.entries.set(key, entry);
    return 0;
  }

  async forget(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }

  /** Drops keys with no refusal left and no event within their window, so memory stays bounded. */
  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      const lastEvent = entry.events.at(-1) ?? 0;
      if (entry.blockedUntil <= now && lastEvent <= now - entry.windowMs) this.entries.delete(key);
    }
  }
}
