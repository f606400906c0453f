import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { postFormSchema } from '../../shared/contract/posts';
import { documentBody } from '../http/api-document';
import { MULTIPART_LIMITS, readPostForm } from './post-form';
import { isPostId, postNotFound } from './post-lookup';
import type { PostQueries } from './post-queries';
import { toApiPost } from './post-shape';
import type { PostWrites } from './post-writes';
import { createdPostSchema, deletedPostSchema, updatedPostSchema } from './schemas';

const config = { swaggerTransform: documentBody({ 'multipart/form-data': postFormSchema }) };

/** Create, update and delete, for the bearer of a token. */
export async function writeRoutes(scope: FastifyInstance, queries: PostQueries, writes: PostWrites): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const shape = (row: Parameters<typeof toApiPost>[0]) => toApiPost(row, app.images, app.clock.now());

  // Multipart in a context of its own: its hooks would otherwise run on every read as well.
  await app.register(async (plain) => {
    const forms = plain.withTypeProvider<TypeBoxTypeProvider>();
    await forms.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

    forms.post('/posts', { schema: createdPostSchema, config, preHandler: app.authenticate }, async (request, reply) => {
      const post = await writes.create(await readPostForm(request));
      return reply.status(201).send(shape(post));
    });

    forms.put<{ Params: { id: string } }>('/posts/:id', { schema: updatedPostSchema, config, preHandler: app.authenticate }, async (request) => {
      const { id } = request.params;
      // Looked up before the form is read, so an unknown post costs no image processing.
      if (!isPostId(id) || !(await queries.findById(id))) throw postNotFound();
      const post = await writes.update(id, await readPostForm(request));
      if (!post) throw postNotFound();
      return shape(post);
    });
  });

  app.delete<{ Params: { id: string } }>('/posts/:id', { schema: deletedPostSchema, preHandler: app.authenticate }, async (request) => {
    const post = isPostId(request.params.id) ? await writes.delete(request.params.id) : undefined;
    if (!post) throw postNotFound();
    return { message: 'Post deleted.' };
  });
}
