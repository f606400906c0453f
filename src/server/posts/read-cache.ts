import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../shared/api-types';
import { EncodedBody, pickEncoding, sendEncoded } from '../http/encoded-body';
import { postNotFound } from './post-lookup';

export type Loaded = { data: unknown; total?: number } | undefined;

/**
 * Answers a read, from the content cache's `reads` when anonymous and seen before (the blog list,
 * its pages, a post by slug, tags, searches; reads with a token, the dashboard's, never), its compressed forms made once
 * like those of cached pages. Serialised with the route's schema either way, so a cached
 * answer is byte for byte the fresh one. A load that finds nothing answers `notFound`; a
 * `shared` read answers the same whoever asks, so it is cached even for a reader with a token.
 */
export function readAnswerer(app: FastifyInstance) {
  const { contentCache } = app;
  const { reads } = contentCache;
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<Loaded>,
    { notFound = postNotFound, shared = false }: { notFound?: () => Error; shared?: boolean } = {},
  ) => {
    reply.type('application/json; charset=utf-8');
    const anonymous = shared || request.headers.authorization === undefined;
    const cached = anonymous && contentCache.isFresh() ? reads.get(key) : undefined;
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
