import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../shared/api-types';
import { TtlCache } from '../cache/ttl-cache';
import { EncodedBody, pickEncoding, sendEncoded } from '../http/encoded-body';
import { postNotFound } from './post-lookup';

/** A public read as it goes out: the serialised JSON (compressed once per encoding) and, for a page, the total. */
export interface CachedRead {
  body: EncodedBody;
  total: number | null;
}

/**
 * Serialised answers of the anonymous reads (the blog list, its pages, a post by slug, tags,
 * searches), in memory. Every post change on this instance clears it (through the page cache);
 * entries live at most `ttlSeconds`, like rendered pages, so that several instances converge.
 * Reads with a token (the dashboard) never come from here. A ttl of 0 turns it off.
 */
export function createReadCache(ttlSeconds: number): TtlCache<CachedRead> {
  return new TtlCache<CachedRead>({
    maxEntries: 500,
    size: { maxBytes: 64 * 1024 * 1024, of: (read) => read.body.byteLength },
    ttlSeconds,
  });
}

export type Loaded = { data: unknown; total?: number } | undefined;

/**
 * Answers a read, from memory when anonymous and seen before, its compressed forms made once
 * like those of cached pages. Serialised with the route's schema either way, so a cached
 * answer is byte for byte the fresh one. A load that finds nothing answers `notFound`; a
 * `shared` read answers the same whoever asks, so it is cached even for a reader with a token.
 */
export function readAnswerer(app: FastifyInstance) {
  const reads = createReadCache(app.config.pageCacheSeconds);
  app.pageCache.onClear(() => reads.invalidate());
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<Loaded>,
    { notFound = postNotFound, shared = false }: { notFound?: () => Error; shared?: boolean } = {},
  ) => {
    reply.type('application/json; charset=utf-8');
    const anonymous = shared || request.headers.authorization === undefined;
    const cached = anonymous && app.pageCache.fresh() ? reads.get(key) : undefined;
    if (cached) {
      if (cached.total !== null) reply.header(TOTAL_COUNT_HEADER, String(cached.total));
      return sendCached(request, reply, cached.body);
    }
    const generation = reads.generation;
    const loaded = await load();
    if (!loaded) throw notFound();
    if (loaded.total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(loaded.total));
    // The route's response schema serialises to a string.
    const body = reply.serialize(loaded.data) as string;
    if (!anonymous) return reply.send(body);
    const read = { body: new EncodedBody(body, !reads.enabled), total: loaded.total ?? null };
    reads.set(key, read, generation);
    return sendCached(request, reply, read.body);
  };
}

/**
 * Uncompressed answers go as the text itself: Fastify tells a Buffer by its ArrayBuffer, which
 * fails across realms (component tests in jsdom reach this API in-process).
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  if (pickEncoding(request.headers['accept-encoding']) !== 'identity') return sendEncoded(request, reply, body);
  return reply.header('Vary', 'Accept-Encoding').send(body.text);
}
