import { LRUCache } from 'lru-cache';

/**
 * A function of a string with its answers kept for the `max` keys asked about most recently.
 * Beacons and page requests repeat a few dozen paths and user agents, and the answers to them
 * (the route table's match, the robot list's verdict) cost far more than a lookup: at 2,000
 * events a second, matching every path against the route table anew took a fifth of the
 * server's time, and a sixth of a cached page's.
 */
export function remembered<T>(compute: (key: string) => T, max = 2000): (key: string) => T {
  // lru-cache keeps no null or undefined: each answer is boxed. The keys' length is bounded too
  // (a user agent may be long), and a key over a tenth of it is answered without being kept.
  const answers = new LRUCache<string, { value: T }>({ max, maxSize: 1_000_000, maxEntrySize: 100_000, sizeCalculation: (_value, key) => key.length + 1 });
  return (key) => {
    const known = answers.get(key);
    if (known) return known.value;
    const value = compute(key);
    answers.set(key, { value });
    return value;
  };
}
