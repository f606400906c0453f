/**
 * How often something may happen to one key (an account, a client address) before the key is
 * refused. Events are kept as a sliding log, so "5 within 15 minutes" means any 15 minutes.
 */
export interface LimitRule {
  limit: number;
  windowMs: number;
  /**
   * Once `limit` events fall within the window the key is refused for this long, and in any case
   * until the oldest counted event has left the window.
   */
  blockMs: number;
}

export interface LimitStore {
  /** How long `key` is still refused, in ms; 0 when it is not. */
  blockedFor(key: string): Promise<number>;
  /**
   * Counts one event for `key`, refusing the key once the rule's limit is reached. With
   * `unlessBlocked`, a key that is already refused counts nothing and answers the ms left.
   * Answers 0 when the event was counted.
   */
  hit(key: string, rule: LimitRule, unlessBlocked: boolean): Promise<number>;
  /** Forgets every event and refusal of `key`. */
  forget(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The refusal that a log of event times (oldest first, already within the window) leads to. */
export function blockUntil(events: readonly number[], rule: LimitRule, now: number): number {
  if (events.length < rule.limit) return 0;
  return Math.max(events[0]! + rule.windowMs, now + rule.blockMs);
}
