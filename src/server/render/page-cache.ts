import { TtlCache, type CacheOptions } from '../cache/ttl-cache';
import type { EncodedBody } from '../http/encoded-body';

export interface CachedPage {
  status: number;
  body: EncodedBody;
}

/**
 * Rendered public pages (and the feeds), in memory. Posts routes clear it on every change;
 * entries expire after `ttlSeconds` so that several instances converge. A ttl of 0 turns it off.
 */
export class PageCache {
  private readonly pages: TtlCache<CachedPage>;
  private readonly clearListeners: (() => void)[] = [];

  constructor(ttlSeconds: number, options: Partial<Pick<CacheOptions<CachedPage>, 'maxEntries' | 'clock'>> = {}) {
    this.pages = new TtlCache({
      maxEntries: 1000,
      size: { maxBytes: 64 * 1024 * 1024, of: (page) => page.body.byteLength },
      ttlSeconds,
      ...options,
    });
  }

  get enabled(): boolean {
    return this.pages.enabled;
  }

  /**
   * Asked before anything cached is served (pages, feeds, API reads): false while cached content
   * may be older than a publication that has come due since.
   */
  fresh: () => boolean = () => true;

  get(key: string): CachedPage | undefined {
    return this.fresh() ? this.pages.get(key) : undefined;
  }

  /** Take it before rendering; `set` drops a page that a change of content overtook meanwhile. */
  get generation(): number {
    return this.pages.generation;
  }

  set(key: string, status: number, body: EncodedBody, generation: number): void {
    this.pages.set(key, { status, body }, generation);
  }

  clear(): void {
    this.pages.invalidate();
    for (const listener of this.clearListeners) listener();
  }

  /** Other caches of content made from posts (public API reads) go whenever pages go. */
  onClear(listener: () => void): void {
    this.clearListeners.push(listener);
  }
}
