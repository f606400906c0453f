import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../shared/api-types';
import { isSlug } from '../../shared/text/slug';
import { HttpError } from '../http/errors';
import { EncodedBody, pickEncoding, sendEncoded } from '../render/encoded-body';
import { searchWords, type Audience, type PostQueries } from './post-queries';
import { isPostId, postNotFound } from './post-lookup';
import { toApiPost } from './post-shape';
import { createReadCache } from './read-cache';
import { countsSchema, DEFAULT_PAGE_LIMIT, listQueryError, listSchema, onePostSchema, type ListQuery } from './schemas';

/**
 * The reads: visitors' (anonymous, only what is due, answered from memory once seen) and the
 * owner's (bearer, every status, always from the database).
 */
export function readRoutes(app: FastifyInstance, queries: PostQueries): void {
  const reads = createReadCache(app.config.pageCacheSeconds);
  app.pageCache.onClear(() => reads.invalidate());
  const shape = (row: Parameters<typeof toApiPost>[0]) => toApiPost(row, app.images, app.clock.now());

  /**
   * Answers a read, from memory when anonymous and seen before, its compressed forms made once
   * like those of cached pages. Serialised with the route's schema either way, so a cached
   * answer is byte for byte the fresh one.
   */
  const answerRead = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: () => Promise<{ data: unknown; total?: number } | undefined>,
  ) => {
    reply.type('application/json; charset=utf-8');
    const anonymous = request.headers.authorization === undefined;
    const cached = anonymous && app.pageCache.fresh() ? reads.get(key) : undefined;
    if (cached) {
      if (cached.total !== null) reply.header(TOTAL_COUNT_HEADER, String(cached.total));
      return sendCached(request, reply, cached.body);
    }
    const generation = reads.generation;
    const loaded = await load();
    if (!loaded) throw postNotFound();
    if (loaded.total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(loaded.total));
    // The route's response schema serialises to a string.
    const body = reply.serialize(loaded.data) as string;
    if (!anonymous) return reply.send(body);
    const read = { body: new EncodedBody(body), total: loaded.total ?? null };
    reads.set(key, read, generation);
    return sendCached(request, reply, read.body);
  };

  /**
   * The owner with a valid token sees every post; anybody else what visitors see. A stale or
   * foreign token on this list reads as no token, as it always has, rather than a 401.
   */
  const audienceOf = async (request: FastifyRequest, { status, q }: ListQuery): Promise<Audience> => {
    const visitor: Audience = { kind: 'public', now: app.clock.now(), words: searchWords(q) };
    if (request.headers.authorization === undefined) return visitor;
    try {
      await app.authenticate(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return visitor;
      throw error;
    }
    return { ...visitor, kind: 'owner', ...(status ? { status } : {}) };
  };

  app.get<{ Querystring: ListQuery }>('/posts', { schema: listSchema, schemaErrorFormatter: listQueryError }, async (request, reply) => {
    const { page, limit, status } = request.query;
    const audience = await audienceOf(request, request.query);
    const search = audience.words?.length ? `q ${JSON.stringify(audience.words)} ` : '';
    // Visitors see published posts whatever they ask; a status filter narrows that further.
    if (audience.kind === 'public' && status !== undefined && status !== 'published') {
      return answerRead(request, reply, `none ${page ?? ''} ${limit ?? ''}`, async () => ({ data: [], ...(page || limit ? { total: 0 } : {}) }));
    }
    if (page === undefined && limit === undefined) {
      // Every post at once: without the derived text, whose parsing would cost a moment per post
      // (the pages ask for pages, which carry it).
      const whole = (row: Parameters<typeof toApiPost>[0]) => toApiPost(row, app.images, app.clock.now(), { derived: false });
      return answerRead(request, reply, `${search}all`, async () => ({ data: (await queries.list(audience)).map(whole) }));
    }
    const size = limit === undefined ? DEFAULT_PAGE_LIMIT : Number(limit);
    const number = page === undefined ? 1 : Number(page);
    return answerRead(request, reply, `${search}page ${number} ${size}`, async () => {
      const [total, rows] = await Promise.all([queries.count(audience), queries.list(audience, { offset: (number - 1) * size, limit: size })]);
      return { data: rows.map(shape), total };
    });
  });

  app.get<{ Params: { slug: string } }>('/posts/:slug', { schema: onePostSchema }, async (request, reply) => {
    const { slug } = request.params;
    if (!isSlug(slug)) throw postNotFound();
    return answerRead(request, reply, `slug ${slug}`, async () => {
      const post = await queries.findPublicBySlug(slug, app.clock.now());
      return post && { data: shape(post) };
    });
  });

  app.get<{ Params: { id: string } }>('/posts/id/:id', { schema: onePostSchema, preHandler: app.authenticate }, async (request) => {
    const post = isPostId(request.params.id) ? await queries.findById(request.params.id) : undefined;
    if (!post) throw postNotFound();
    return shape(post);
  });

  app.get('/post-counts', { schema: countsSchema, preHandler: app.authenticate }, async () => queries.counts(app.clock.now()));
}

/**
 * Uncompressed answers go as the text itself: Fastify tells a Buffer by its ArrayBuffer, which
 * fails across realms (component tests in jsdom reach this API in-process).
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  if (pickEncoding(request.headers['accept-encoding']) !== 'identity') return sendEncoded(request, reply, body);
  return reply.header('Vary', 'Accept-Encoding').send(body.text);
}
