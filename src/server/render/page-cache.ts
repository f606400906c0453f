import { TtlCache, type CacheOptions } from '../cache/ttl-cache';
import type { EncodedBody } from '../http/encoded-body';

export interface CachedPage {
  status: number;
  body: EncodedBody;
}

/** Pages worth keeping: every page the site has fits, with room to spare. */
const MAX_PAGES = 1000;
/**
 * Error answers (a path that is not a page, a search refused): any robot can make up as many as
 * it likes, so they are kept apart, a few, where they cannot push out the pages people read.
 * Robots asking again and again for the same missing paths are still served from memory.
 */
const MAX_ERROR_PAGES = 100;

/**
 * Rendered public pages (and the feeds), in memory: the content cache's (cache/content-cache.ts),
 * which clears it on every change of content; entries expire after `ttlSeconds` so that several instances converge. A ttl of 0 turns it off.
 * It also keeps the last page of each paged list that an address past its end has shown, so such
 * addresses are read as that page without another render.
 */
export class PageCache {
  private readonly pages: TtlCache<CachedPage>;
  private readonly errorPages: TtlCache<CachedPage>;
  private readonly listEnds: TtlCache<number>;
  private invalidations = 0;
  /**
   * Asked before anything cached is served: false while cached content may be older than a
   * publication that has come due since.
   */
  private readonly fresh: () => boolean;

  constructor(ttlSeconds: number, { isFresh = () => true, ...options }: Partial<Pick<CacheOptions<CachedPage>, 'maxEntries' | 'clock'>> & { isFresh?: () => boolean } = {}) {
    this.fresh = isFresh;
    const size = (maxBytes: number) => ({ maxBytes, of: (page: CachedPage) => page.body.byteLength });
    this.pages = new TtlCache({ maxEntries: MAX_PAGES, size: size(64 * 1024 * 1024), ttlSeconds, ...options });
    this.errorPages = new TtlCache({ maxEntries: MAX_ERROR_PAGES, size: size(8 * 1024 * 1024), ttlSeconds, clock: options.clock });
    this.listEnds = new TtlCache({ maxEntries: MAX_PAGES, ttlSeconds, clock: options.clock });
  }

  get enabled(): boolean {
    return this.pages.enabled;
  }

  get(key: string): CachedPage | undefined {
    return this.fresh() ? (this.pages.get(key) ?? this.errorPages.get(key)) : undefined;
  }

  /** Take it before rendering; `set` drops a page that a change of content overtook meanwhile. */
  get generation(): number {
    return this.invalidations;
  }

  set(key: string, status: number, body: EncodedBody, generation: number): void {
    if (generation !== this.invalidations) return;
    const kept = status >= 400 ? this.errorPages : this.pages;
    kept.set(key, { status, body }, kept.generation);
  }

  /** The last page of the paged list `listKey` (its key without the page), when known. */
  listEnd(listKey: string): number | undefined {
    return this.fresh() ? this.listEnds.get(listKey) : undefined;
  }

  /** A render of an address past the end of `listKey` showed `lastPage` instead. */
  keepListEnd(listKey: string, lastPage: number, generation: number): void {
    if (generation === this.invalidations) this.listEnds.set(listKey, lastPage, this.listEnds.generation);
  }

  /**
   * Drops the pages of one path, whatever their query (`/book`, `/book?tz=…`). A render of any
   * page begun before is not kept either: simpler than telling which page it was, and it only
   * costs that page its next render.
   */
  clearPath(path: string): void {
    this.invalidations++;
    const ofPath = (key: string) => key === path || key.startsWith(`${path}?`);
    for (const cache of [this.pages, this.errorPages]) cache.invalidateWhere(ofPath);
  }

  clear(): void {
    this.invalidations++;
    for (const cache of [this.pages, this.errorPages, this.listEnds]) cache.invalidate();
  }
}
