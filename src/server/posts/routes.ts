import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../shared/api-types';
import { isSlug } from '../../shared/text/slug';
import { HttpError } from '../http/errors';
import { EncodedBody, pickEncoding, sendEncoded } from '../render/encoded-body';
import { ORPHAN_MIN_AGE_MS, SWEEP_INTERVAL_MS, sweepOrphanImages } from './orphan-sweep';
import { MULTIPART_LIMITS, readPostForm } from './post-form';
import { PostRepository } from './post-repository';
import { toApiPost } from './post-shape';
import { PostWrites } from './post-writes';
import { ReadCache } from './read-cache';
import { createdPostSchema, DEFAULT_PAGE_LIMIT, listQueryError, listSchema, messageSchema, onePostSchema, type ListQuery } from './schemas';

const NOT_FOUND = 'Post not found.';
/** Ids are UUIDs today; any short token of these characters is looked up, anything else cannot exist. */
const POST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The posts calls of the API (spec section 7). */
export async function postsRoutes(app: FastifyInstance): Promise<void> {
  const repository = new PostRepository(app.database);
  const writes = new PostWrites(repository, app.images, app.log, () => app.pageCache.clear());
  const shape = (row: Parameters<typeof toApiPost>[0]) => toApiPost(row, app.images);
  const byId = async (id: string) => (POST_ID.test(id) ? repository.findById(id) : undefined);
  const notFound = () => new HttpError(404, NOT_FOUND);

  scheduleOrphanSweep(app, repository);

  const reads = new ReadCache(app.config.pageCacheSeconds);
  app.pageCache.onClear(() => reads.clear());

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
    const cached = anonymous ? reads.lookup(key) : undefined;
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
    const read = { body: new EncodedBody(body), total: loaded.total ?? null };
    reads.keep(key, read, generation);
    return sendCached(request, reply, read.body);
  };

  app.get<{ Querystring: ListQuery }>('/posts', { schema: listSchema, schemaErrorFormatter: listQueryError }, async (request, reply) => {
    const { page, limit } = request.query;
    if (page === undefined && limit === undefined) {
      return answerRead(request, reply, 'all', async () => ({ data: (await repository.list()).map(shape) }));
    }
    const size = limit === undefined ? DEFAULT_PAGE_LIMIT : Number(limit);
    const number = page === undefined ? 1 : Number(page);
    return answerRead(request, reply, `page ${number} ${size}`, async () => {
      const [total, rows] = await Promise.all([repository.count(), repository.list({ offset: (number - 1) * size, limit: size })]);
      return { data: rows.map(shape), total };
    });
  });

  app.get<{ Params: { slug: string } }>('/posts/:slug', { schema: onePostSchema }, async (request, reply) => {
    const { slug } = request.params;
    if (!isSlug(slug)) throw notFound();
    return answerRead(request, reply, `slug ${slug}`, async () => {
      const post = await repository.findBySlug(slug);
      return post && { data: shape(post) };
    });
  });

  app.get<{ Params: { id: string } }>('/posts/id/:id', { schema: onePostSchema, preHandler: app.authenticate }, async (request) => {
    const post = await byId(request.params.id);
    if (!post) throw notFound();
    return shape(post);
  });

  // Multipart in a context of its own: its hooks would otherwise run on every read as well.
  await app.register(async (forms) => {
    await forms.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

    forms.post('/posts', { schema: createdPostSchema, preHandler: app.authenticate }, async (request, reply) => {
      const post = await writes.create(await readPostForm(request));
      return reply.status(201).send(shape(post));
    });

    forms.put<{ Params: { id: string } }>('/posts/:id', { schema: onePostSchema, preHandler: app.authenticate }, async (request) => {
      // Looked up before the form is read, so an unknown post costs no image processing.
      if (!(await byId(request.params.id))) throw notFound();
      const post = await writes.update(request.params.id, await readPostForm(request));
      if (!post) throw notFound();
      return shape(post);
    });
  });

  app.delete<{ Params: { id: string } }>('/posts/:id', { schema: messageSchema, preHandler: app.authenticate }, async (request) => {
    const post = POST_ID.test(request.params.id) ? await writes.delete(request.params.id) : undefined;
    if (!post) throw notFound();
    return { message: 'Post deleted.' };
  });
}

/**
 * Uncompressed answers go as the text itself: Fastify tells a Buffer by its ArrayBuffer, which
 * fails across realms (component tests in jsdom reach this API in-process).
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  if (pickEncoding(request.headers['accept-encoding']) !== 'identity') return sendEncoded(request, reply, body);
  return reply.header('Vary', 'Accept-Encoding').send(body.text);
}

/** At start and then hourly: a crash between the steps of a write leaves no file for good. */
function scheduleOrphanSweep(app: FastifyInstance, repository: PostRepository): void {
  const sweep = async () => {
    try {
      const removed = await sweepOrphanImages(app.images, () => repository.imageKeys());
      if (removed.length > 0) app.log.info({ removed, minAgeMs: ORPHAN_MIN_AGE_MS }, 'removed orphan images');
    } catch (error) {
      app.log.warn({ err: error }, 'orphan image sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    // Under jsdom (component tests build the app) timers are numbers.
    timer.unref?.();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
