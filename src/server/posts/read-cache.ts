import type { EncodedBody } from '../render/encoded-body';

/** A public read as it goes out: the serialised JSON (compressed once per encoding) and, for a page, the total. */
export interface CachedRead {
  body: EncodedBody;
  total: number | null;
}

/**
 * Serialised answers of the anonymous reads (the blog list, its pages, a post by slug), in
 * memory. Every post change on this instance clears it (through the page cache); entries live
 * at most `ttlSeconds`, like rendered pages, so that several instances converge. Reads with a
 * token (the dashboard) never come from here. A ttl of 0 turns it off.
 */
export class ReadCache {
  private readonly entries = new Map<string, CachedRead & { expiresAt: number }>();
  private clears = 0;

  constructor(
    private readonly ttlSeconds: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  lookup(key: string): CachedRead | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return entry;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  /** Take it before reading the database; `keep` drops a read that a change overtook meanwhile. */
  get generation(): number {
    return this.clears;
  }

  keep(key: string, read: CachedRead, generation: number): void {
    if (this.ttlSeconds <= 0 || generation !== this.clears) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...read, expiresAt: this.now() + this.ttlSeconds * 1000 });
  }

  clear(): void {
    this.entries.clear();
    this.clears++;
  }
}
