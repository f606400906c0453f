import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { postListQuerySchema } from '../../shared/contract/posts';
import { isSlug } from '../../shared/text/slug';
import { searchWords, type PostFilter, type PostQueries } from './post-queries';
import { isPostId, postNotFound, readsAsOwner } from './post-lookup';
import { shaperFor, toApiPost, toApiPostWithHtml } from './post-shape';
import { readAnswerer } from './read-cache';
import { countsSchema, DEFAULT_PAGE_LIMIT, listQueryError, listSchema, ownPostSchema, postPageSchema } from './schemas';

type ListQuery = Static<typeof postListQuerySchema>;

/**
 * The reads: visitors' (anonymous, only what is due, answered from memory once seen) and the
 * owner's (bearer, every status, always from the database).
 */
export function readRoutes(scope: FastifyInstance, queries: PostQueries): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const answerRead = readAnswerer(app);

  const filterOf = async (request: FastifyRequest, { status, q, tag }: ListQuery): Promise<PostFilter> => {
    const visitor: PostFilter = { kind: 'public', now: app.clock.now(), words: searchWords(q), ...(tag !== undefined ? { tag } : {}) };
    return (await readsAsOwner(app, request)) ? { ...visitor, kind: 'owner', ...(status ? { status } : {}) } : visitor;
  };

  app.get('/posts', { schema: listSchema, schemaErrorFormatter: listQueryError }, async (request, reply) => {
    const { page, limit, status, view } = request.query;
    const filter = await filterOf(request, request.query);
    const shape = shaperFor(view, app.images, filter.now);
    const search = filter.words?.length ? `q ${JSON.stringify(filter.words)} ` : '';
    const narrowing = `${filter.tag !== undefined ? `tag ${filter.tag} ` : ''}${view ? `${view} ` : ''}`;
    // Visitors see published posts whatever they ask; a status filter narrows that further.
    if (filter.kind === 'public' && status !== undefined && status !== 'published') {
      return answerRead(request, reply, `none ${page ?? ''} ${limit ?? ''}`, async () => ({ data: [], ...(page || limit ? { total: 0 } : {}) }));
    }
    if (page === undefined && limit === undefined) {
      return answerRead(request, reply, `${search}${narrowing}all`, async () => ({ data: (await queries.list(filter)).map(shape) }));
    }
    const size = limit === undefined ? DEFAULT_PAGE_LIMIT : Number(limit);
    const number = page === undefined ? 1 : Number(page);
    return answerRead(request, reply, `${search}${narrowing}page ${number} ${size}`, async () => {
      const [total, rows] = await Promise.all([queries.count(filter), queries.list(filter, { offset: (number - 1) * size, limit: size })]);
      return { data: rows.map(shape), total };
    });
  });

  app.get<{ Params: { slug: string } }>('/posts/:slug', { schema: postPageSchema }, async (request, reply) => {
    const { slug } = request.params;
    if (!isSlug(slug)) throw postNotFound();
    return answerRead(request, reply, `slug ${slug}`, async () => {
      const post = await queries.findPublicBySlug(slug, app.clock.now());
      return post && { data: toApiPostWithHtml(post, app.images, app.clock.now()) };
    });
  });

  app.get<{ Params: { id: string } }>('/posts/id/:id', { schema: ownPostSchema, preHandler: app.authenticate }, async (request) => {
    const post = isPostId(request.params.id) ? await queries.findById(request.params.id) : undefined;
    if (!post) throw postNotFound();
    return toApiPost(post, app.images, app.clock.now());
  });

  app.get('/post-counts', { schema: countsSchema, preHandler: app.authenticate }, async () => queries.counts(app.clock.now()));
}
