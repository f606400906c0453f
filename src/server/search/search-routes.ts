import type { FastifyInstance } from 'fastify';
import { SEARCH_PAGE_SIZE } from '../../shared/constants';
import { searchKey } from '../../shared/text/search-key';
import { shaperFor } from '../posts/post-shape';
import { readAnswerer } from '../posts/read-cache';
import { listQueryError, pageField, postOrCard, queryField, viewField } from '../posts/schemas';
import type { SearchQueries } from './search-queries';

interface SearchQuery {
  q?: string;
  page?: string;
  view?: string;
}

const schema = {
  querystring: {
    type: 'object',
    properties: {
      q: queryField,
      page: pageField,
      view: viewField,
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['results', 'total'],
      properties: {
        results: { type: 'array', items: { type: 'object', required: ['post', 'snippet'], properties: { post: postOrCard, snippet: { type: 'string' } } } },
        total: { type: 'integer' },
      },
    },
  },
} as const;

/** `GET /api/search?q=&page=`: published posts only, whoever asks. */
export function searchRoutes(app: FastifyInstance, search: SearchQueries): void {
  const answerRead = readAnswerer(app);
  app.get<{ Querystring: SearchQuery }>(
    '/search',
    { schema, schemaErrorFormatter: listQueryError },
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
