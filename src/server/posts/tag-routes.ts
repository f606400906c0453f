import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { viewQuerySchema } from '../../shared/contract/posts';
import { isSlug } from '../../shared/text/slug';
import { HttpError } from '../http/errors';
import { postNotFound, readsAsOwner } from './post-lookup';
import type { PostQueries } from './post-queries';
import { shaperFor } from './post-shape';
import { readAnswerer } from './read-cache';
import { listQueryError, relatedSchema, tagSchema, tagsSchema } from './schemas';
import type { TagQueries } from './tag-queries';

const tagNotFound = () => new HttpError(404, 'Tag not found.');

/** Tags (the tag pages' headings, the editor's suggestions) and each post's related posts. */
export function tagRoutes(scope: FastifyInstance, posts: PostQueries, tags: TagQueries): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const answerRead = readAnswerer(app);

  app.get('/tags', { schema: tagsSchema }, async (request, reply) => {
    if (await readsAsOwner(app, request)) return reply.send(await tags.list({ kind: 'owner' }));
    return answerRead(request, reply, 'tags', async () => ({ data: await tags.list({ kind: 'public', now: app.clock.now() }) }));
  });

  app.get<{ Params: { slug: string } }>('/tags/:slug', { schema: tagSchema }, async (request, reply) => {
    const { slug } = request.params;
    if (!isSlug(slug)) throw tagNotFound();
    return answerRead(request, reply, `tag ${slug}`, async () => {
      const found = await tags.find(slug, app.clock.now());
      return found && { data: found };
    }, { notFound: tagNotFound, shared: true });
  });

  app.get<{ Params: { slug: string }; Querystring: Static<typeof viewQuerySchema> }>('/posts/:slug/related', { schema: relatedSchema, schemaErrorFormatter: listQueryError }, async (request, reply) => {
    const { slug } = request.params;
    const { view } = request.query;
    if (!isSlug(slug)) throw postNotFound();
    return answerRead(request, reply, `related ${view ?? ''} ${slug}`, async () => {
      const now = app.clock.now();
      const found = await posts.findPublicTagsBySlug(slug, now);
      return found && { data: (await tags.related(found, now)).map(shaperFor(view, app.images, now)) };
    }, { shared: true });
  });
}
