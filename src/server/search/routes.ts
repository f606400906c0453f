import fp from 'fastify-plugin';
import { SearchQueries } from './search-queries';
import { searchRoutes } from './search-routes';

/** `GET /api/search`: its answers share the posts' read cache, which the posts plugin keeps honest. */
export const searchPlugin = fp(
  async (app) => {
    searchRoutes(app, new SearchQueries(app.database));
  },
  { name: 'search', dependencies: ['posts'], decorators: { fastify: ['database', 'clock', 'config', 'images', 'contentCache'] } },
);
