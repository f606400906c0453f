import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import { isPostId, postNotFound } from './post-lookup';
import { toApiPost, toApiRevision } from './post-shape';
import type { PostWrites } from './post-writes';
import { RevisionRepository } from './revision-repository';
import { restoredSchema, revisionsSchema } from './schemas';

/** A post's history and restoring from it, for the bearer of a token. */
export function revisionRoutes(scope: FastifyInstance, writes: PostWrites): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const revisions = new RevisionRepository(app.database);

  app.get<{ Params: { id: string } }>('/posts/id/:id/revisions', { schema: revisionsSchema, preHandler: app.authenticate }, async (request) => {
    const { id } = request.params;
    if (!isPostId(id) || !(await app.postQueries.findById(id))) throw postNotFound();
    const now = app.clock.now();
    return (await revisions.list(id)).map((row) => toApiRevision(row, app.images, now));
  });

  app.post<{ Params: { id: string; revisionId: string } }>(
    '/posts/id/:id/revisions/:revisionId/restore',
    { schema: restoredSchema, preHandler: app.authenticate },
    async (request) => {
      const { id, revisionId } = request.params;
      const post = isPostId(id) && isPostId(revisionId) ? await writes.restore(id, revisionId) : undefined;
      if (!post) throw new HttpError(404, 'No such revision of this post.');
      return toApiPost(post, app.images, app.clock.now());
    },
  );
}
