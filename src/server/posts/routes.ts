import type { FastifyInstance } from 'fastify';
import { SearchQueries } from '../search/search-queries';
import { searchRoutes } from '../search/search-routes';
import { refreshDerivedText } from './derived-refresh';
import { imageRoutes } from './image-routes';
import { scheduleOrphanSweep } from './orphan-sweep';
import { PostQueries } from './post-queries';
import { PostRepository } from './post-repository';
import { PostWrites } from './post-writes';
import { PublicationWatch } from './publication-watch';
import { readRoutes } from './read-routes';
import { revisionRoutes } from './revision-routes';
import { TagQueries } from './tag-queries';
import { tagRoutes } from './tag-routes';
import { writeRoutes } from './write-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads of posts, for other parts of the server that show them (feeds). */
    postQueries: PostQueries;
  }
}

/** The posts calls of the API (docs/product.md#api): posts, tags, search, and what keeps their caches honest. */
export async function postsRoutes(app: FastifyInstance): Promise<void> {
  const now = () => app.clock.now();
  const queries = new PostQueries(app.database);
  app.decorate('postQueries', queries);
  const tags = new TagQueries(app.database);
  const watch = new PublicationWatch(queries, now, () => app.pageCache.clear(), app.log);
  app.pageCache.fresh = () => watch.fresh();
  app.addHook('onReady', async () => {
    await refreshDerivedText(app.database, app.log, app.config.siteUrl);
    await watch.refresh();
  });

  const onChange = async () => {
    app.pageCache.clear();
    await watch.refresh();
  };
  const writes = new PostWrites(new PostRepository(app.database, now, app.config.siteUrl), app.images, app.log, onChange, now);
  scheduleOrphanSweep(app, () => queries.imageKeys());

  readRoutes(app, queries);
  tagRoutes(app, queries, tags);
  searchRoutes(app, new SearchQueries(app.database));
  await writeRoutes(app, queries, writes);
  await imageRoutes(app);
  revisionRoutes(app, writes);
}
