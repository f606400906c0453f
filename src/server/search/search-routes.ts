import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SEARCH_PAGE_SIZE } from '../../shared/constants';
import { searchKey } from '../../shared/text/search-key';
import { shaperFor } from '../posts/post-shape';
import { readAnswerer } from '../posts/read-cache';
import { listQueryError } from '../posts/schemas';
import { searchSchema } from './schemas';
import type { SearchQueries } from './search-queries';

/** `GET /api/search?q=&page=`: published posts only, whoever asks. */
export function searchRoutes(scope: FastifyInstance, search: SearchQueries): void {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const answerRead = readAnswerer(app);
  app.get(
    '/search',
    { schema: searchSchema, schemaErrorFormatter: listQueryError },
    async (request, reply) => {
      // Spellings of one search (case, spacing) find the same posts: one cached answer for all.
      const query = searchKey(request.query.q ?? '');
      const page = Number(request.query.page ?? 1);
      const { view } = request.query;
      if (!query) return reply.send({ results: [], total: 0 });
      return answerRead(request, reply, `search ${view ?? ''} ${page} ${query}`, async () => {
        const now = app.clock.now();
        const shape = shaperFor(view, app.images, now);
        const { found, total } = await search.search(query, now, { offset: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE });
        return { data: { results: found.map(({ post: row, snippet }) => ({ post: shape(row), snippet })), total } };
        // A search answers what visitors see, whoever asks.
      }, { shared: true });
    },
  );
}
