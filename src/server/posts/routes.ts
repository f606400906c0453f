import fp from 'fastify-plugin';
import { onceAtATime } from '../db/advisory-lock';
import { refreshDerivedText } from './derived-refresh';
import { imageRoutes } from './image-routes';
import { recordingSizes, recordMissingSizes } from './image-sizes';
import { scheduleOrphanSweep } from './orphan-sweep';
import { PostQueries } from './post-queries';
import { PostRepository } from './post-repository';
import { PostWrites } from './post-writes';
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

/**
 * The posts calls of the API (docs/product.md#api): posts, tags, revisions, images; every write
 * invalidates the content cache (pages, feeds, API reads and search's, here and on every instance). `postQueries` is decorated on the scope it is registered in.
 */
export const postsPlugin = fp(
  async (app) => {
    const now = () => app.clock.now();
    const queries = new PostQueries(app.database);
    app.decorate('postQueries', queries);
    const tags = new TagQueries(app.database);
    app.addHook('onReady', async () => {
      // One instance derives at a time (the others wait and find it done); instances still
      // running an older version have cached the text it derived. Sizes first, read from the
      // stored files only when posts are to be derived (the HTML is their one reader), so an
      // ordinary start does not list the whole image store.
      const derive = () => refreshDerivedText(app.database, app.log, app.config.siteUrl, () => recordMissingSizes(app.database.db, app.images, app.log));
      const derived = await onceAtATime(app.database, 'derive-text', derive, { wait: true });
      if (derived.ran && derived.result > 0) await app.contentCache.invalidate();
      await app.contentCache.trackPublications((after) => queries.nextPublicationAfter(after));
    });

    // Every change of posts (and so of tags, feeds and the sitemap) passes here, then goes to
    // the other instances, whose caches drop as this one's do.
    const onChange = () => app.contentCache.invalidate();
    const images = recordingSizes(app.images, app.database.db);
    const writes = new PostWrites(new PostRepository(app.database, now, app.config.siteUrl), images, app.log, onChange, now);
    app.imageReferences.register((keys) => queries.imageKeys(keys));
    scheduleOrphanSweep(app, images, () => app.imageReferences.named());

    readRoutes(app, queries);
    tagRoutes(app, queries, tags);
    await writeRoutes(app, queries, writes);
    await imageRoutes(app, images);
    revisionRoutes(app, writes);
  },
  { name: 'posts', decorators: { fastify: ['database', 'clock', 'config', 'images', 'imageReferences', 'contentCache', 'authenticate'] } },
);
