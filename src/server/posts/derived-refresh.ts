import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { deriveText, DERIVED_VERSION } from './derived-text';
import { PostIndexes } from './post-indexes';

const BATCH = 200;

/**
 * Derives the text of every post whose derived columns an older version of the code made (or
 * none, for posts written before they existed), and puts it into the search index in the same
 * transaction. Runs at start, before the server answers, so no read ever parses markdown. Oldest
 * first, so that the search index numbers posts in the order they were written.
 */
export async function refreshDerivedText(database: Database, log: FastifyBaseLogger): Promise<number> {
  const indexes = new PostIndexes(database.engine);
  let done = 0;
  for (;;) {
    const ids = await database.db.selectFrom('posts').select('id').where('derived_version', '<', DERIVED_VERSION).orderBy('created_at').orderBy('id').limit(BATCH).execute();
    if (ids.length === 0) break;
    await database.db.transaction().execute(async (trx) => {
      for (const { id } of ids) {
        const current = await trx.selectFrom('posts').select('content').where('id', '=', id).executeTakeFirst();
        if (!current) continue;
        const post = await trx.updateTable('posts').set(deriveText(current.content)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await indexes.written(trx, post);
      }
    });
    done += ids.length;
  }
  if (done > 0) log.info({ posts: done, version: DERIVED_VERSION }, 'derived the text of posts written by an older version');
  return done;
}
