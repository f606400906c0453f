import { TtlCache } from '../cache/ttl-cache';
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
export function createReadCache(ttlSeconds: number): TtlCache<CachedRead> {
  return new TtlCache<CachedRead>({
    maxEntries: 500,
    size: { maxBytes: 64 * 1024 * 1024, of: (read) => read.body.byteLength },
    ttlSeconds,
  });
}
