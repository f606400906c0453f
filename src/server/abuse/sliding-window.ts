import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** A slot taken for one event, or how long until one frees. */
export type Claim = { slot: number } | { waitMs: number };

/**
 * At most `limit` events per key within any stretch of the window's length: the window slides.
 *
 * A rate-limiter-flexible counter runs in fixed windows that open at a key's first event, which
 * would let nearly twice the limit through around the end of a window (a burst just before it
 * closes, another just after). So each event holds a slot of its own instead: a one-point key
 * that lasts the window from the event that took it. A key is full while all its slots are held
 * and frees as the oldest runs out, exactly like a log of its last `limit` events. Taking a slot
 * is one atomic consume, so requests racing (on one instance or on several sharing Redis) never
 * take the same one; a full key costs `limit` calls, which the account limits (20 at most) can afford.
 */
export class SlidingWindow {
  /** `slots` must allow one point per key for the window's duration. */
  constructor(
    private readonly slots: RateLimiterAbstract,
    private readonly limit: number,
  ) {}

  /**
   * Counts one event for `key` and answers the slot it holds, unless `limit` events already fall
   * within the window: then nothing is counted and the answer is the ms until the oldest leaves it.
   */
  async claim(key: string): Promise<Claim> {
    let waitMs = Infinity;
    for (let slot = 0; slot < this.limit; slot++) {
      try {
        await this.slots.consume(`${key}:${slot}`);
        return { slot };
      } catch (refusal) {
        // A held slot answers how long it is still held; anything else is the store failing.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        waitMs = Math.min(waitMs, refusal.msBeforeNext);
      }
    }
    return { waitMs };
  }

  /** `claim`, answering only the wait: 0 when counted. */
  async take(key: string): Promise<number> {
    const claimed = await this.claim(key);
    return 'slot' in claimed ? 0 : claimed.waitMs;
  }

  /** Gives back one event's slot: it no longer counts. */
  async release(key: string, slot: number): Promise<void> {
    await this.slots.delete(`${key}:${slot}`);
  }

  /** Whether every slot of `key` is held: the next claim would be refused. */
  async isFull(key: string): Promise<boolean> {
    const held = await Promise.all(Array.from({ length: this.limit }, (_, slot) => this.slots.get(`${key}:${slot}`)));
    return held.every((slot) => slot !== null && slot.remainingPoints <= 0);
  }

  /** Forgets every event of `key`. */
  async forget(key: string): Promise<void> {
    await Promise.all(Array.from({ length: this.limit }, (_, slot) => this.slots.delete(`${key}:${slot}`)));
  }
}
