import type { EncodedBody } from './encoded-body';

export interface CachedPage {
  status: number;
  body: EncodedBody;
  expiresAt: number;
}

/**
 * Rendered public pages, in memory. Posts routes clear it on every change; entries expire after
 * `ttlSeconds` so that several instances converge (decisions.md). A ttl of 0 turns it off.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly clearListeners: (() => void)[] = [];
  private clears = 0;

  constructor(
    private readonly ttlSeconds: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.expiresAt <= this.now()) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  /** Take it before rendering; `set` drops a page that a change of content overtook meanwhile. */
  get generation(): number {
    return this.clears;
  }

  set(key: string, status: number, body: EncodedBody, generation: number): void {
    if (!this.enabled || generation !== this.clears) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.pages.size >= this.maxEntries) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, { status, body, expiresAt: this.now() + this.ttlSeconds * 1000 });
  }

  clear(): void {
    this.pages.clear();
    this.clears++;
    for (const listener of this.clearListeners) listener();
  }

  /** Other caches of content made from posts (public API reads) go whenever pages go. */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }
}
