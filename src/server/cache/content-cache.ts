import type { FastifyBaseLogger } from 'fastify';
import type { ChangeChannel } from '../db/change-channel';
import type { EncodedBody } from '../http/encoded-body';
import { PageCache } from '../render/page-cache';
import { RenderQueue } from '../render/render-queue';
import { PublicationWatch, type NextPublication } from './publication-watch';
import { TtlCache } from './ttl-cache';

/** Renders at once; two processor cores' worth, with room for the short waits on the API. */
export const RENDER_CONCURRENCY = 4;
/**
 * Renders waiting for one of those; past them a request is answered 503 at once. An uncached
 * render takes 10 to 30 ms of the processor, so a full line is a wait of under a second.
 */
export const RENDERS_WAITING = 32;

/** A public API read as it goes out: the serialised JSON (compressed once per encoding) and, for a page, the total. */
export interface CachedRead {
  body: EncodedBody;
  total: number | null;
}

export interface ContentCacheOptions {
  /** How long anything is kept at most, so that instances converge even if a change is missed; 0 turns caching off. */
  ttlSeconds: number;
  changes: ChangeChannel;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Everything the server keeps that is made from content, behind one object: rendered pages and
 * feeds (`pages`), the anonymous API reads (`reads`), the line of renders with the renders being
 * shared (`renders`), and the one number that says which content they were made from
 * (`generation`, for caches of other modules: they compare it rather than being told).
 *
 * A write calls `invalidate()`: everything here goes, and every other instance hears of it through
 * the change channel within a second and drops its own. `isFresh()` is asked before anything
 * cached is served: false while content may be older than a publication that has come due since
 * (the moment it comes due, everything goes).
 */
export class ContentCache {
  readonly pages: PageCache;
  readonly reads: TtlCache<CachedRead>;
  readonly renders = new RenderQueue({ concurrency: RENDER_CONCURRENCY, maxWaiting: RENDERS_WAITING });
  private drops = 0;
  private publications: PublicationWatch | undefined;

  constructor(private readonly options: ContentCacheOptions) {
    this.pages = new PageCache(options.ttlSeconds, { isFresh: () => this.isFresh() });
    this.reads = new TtlCache<CachedRead>({
      maxEntries: 500,
      size: { maxBytes: 64 * 1024 * 1024, of: (read) => read.body.byteLength },
      ttlSeconds: options.ttlSeconds,
    });
    options.changes.subscribe((path) => {
      if (path !== undefined) return this.pages.clearPath(path);
      this.drop();
      void this.publications?.refresh();
    });
  }

  /** Raised by every drop: a value made before it is not kept after it. */
  get generation(): number {
    return this.drops;
  }

  isFresh(): boolean {
    return this.publications?.fresh() ?? true;
  }

  /** Where the next scheduled publication is learnt (the posts' queries); looked up at once and after every change. */
  trackPublications(nextPublicationAfter: NextPublication): Promise<void> {
    this.publications = new PublicationWatch(nextPublicationAfter, this.options.now, () => this.drop(), this.options.log);
    return this.publications.refresh();
  }

  /** Content changed here: everything made from it goes, on this instance now and on the others within a second. */
  async invalidate(): Promise<void> {
    this.drop();
    await this.publications?.refresh();
    await this.options.changes.announce();
  }

  /**
   * What only one page shows changed (the free times on /book): its cached renders go, on this
   * instance now and on the others within a second; the rest of the cache stays.
   */
  async invalidatePage(path: string): Promise<void> {
    this.pages.clearPath(path);
    await this.options.changes.announce(path);
  }

  /** Drops what this instance holds, without telling the others (what their announcement or a publication coming due asks). */
  drop(): void {
    this.drops++;
    this.pages.clear();
    this.reads.invalidate();
    this.renders.forget();
  }
}
