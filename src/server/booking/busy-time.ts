/** A span of time in epoch milliseconds, start included and end excluded. */
export type Interval = readonly [start: number, end: number];

/** Sorted, with overlapping or touching spans joined: what `overlapsAny` searches. */
export function mergeIntervals(intervals: Iterable<Interval>): Interval[] {
  const sorted = [...intervals].filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Each span widened by `ms` on both sides: the buffer kept free around every busy time. */
export function widen(intervals: Iterable<Interval>, ms: number): Interval[] {
  return [...intervals].map(([start, end]) => [start - ms, end + ms] as const);
}

/** Whether [start, end) meets any span of `merged` (sorted and joined), by binary search. */
export function overlapsAny(merged: readonly Interval[], start: number, end: number): boolean {
  let low = 0;
  let high = merged.length;
  // The first span that ends after `start`; only it can overlap, the list being disjoint and sorted.
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (merged[mid]![1] <= start) low = mid + 1;
    else high = mid;
  }
  const candidate = merged[low];
  return candidate !== undefined && candidate[0] < end;
}
