import { LRUCache } from 'lru-cache';

export interface CacheOptions<V> {
  /** Most values kept at once; past it the least recently used goes. */
  maxEntries: number;
  /** Most bytes kept at once, as `of` counts a value's; a value larger than that is not kept. */
  size?: { maxBytes: number; of: (value: V) => number };
  /** A value goes this long after it was kept; 0 keeps nothing; unset, values go only when evicted. */
  ttlSeconds?: number;
  /** The clock expiry reads; tests pass one they move by hand. */
  clock?: { now(): number };
}

/**
 * A bounded map of values made from data that can change. Take `generation` before making a
 * value and hand it to `set`: a value begun before an `invalidate()` is not kept, or a page
 * rendered from the old content would outlive the change that cleared its cache.
 */
export class TtlCache<V extends NonNullable<unknown>> {
  private readonly values: LRUCache<string, V> | undefined;
  private invalidations = 0;

  constructor({ maxEntries, size, ttlSeconds, clock }: CacheOptions<V>) {
    if (ttlSeconds === 0) return;
    this.values = new LRUCache<string, V>({
      max: maxEntries,
      ...(ttlSeconds === undefined ? {} : { ttl: ttlSeconds * 1000 }),
      // lru-cache refuses a size of 0 (an empty body).
      ...(size ? { maxSize: size.maxBytes, sizeCalculation: (value: V) => Math.max(1, size.of(value)) } : {}),
      // lru-cache reuses a reading of its clock for a millisecond of real time; a hand-moved clock
      // must be read every time.
      ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
    });
  }

  /** False when a ttl of 0 turned the cache off. */
  get enabled(): boolean {
    return this.values !== undefined;
  }

  get(key: string): V | undefined {
    return this.values?.get(key);
  }

  get generation(): number {
    return this.invalidations;
  }

  set(key: string, value: V, generation: number): void {
    if (generation === this.invalidations) this.values?.set(key, value);
  }

  /** Drops the values whose keys `match`, and refuses every value begun before now. */
  invalidateWhere(match: (key: string) => boolean): void {
    for (const key of [...(this.values?.keys() ?? [])]) if (match(key)) this.values?.delete(key);
    this.invalidations++;
  }

  /** Drops every value, and refuses those begun before now. */
  invalidate(): void {
    this.values?.clear();
    this.invalidations++;
  }
}
