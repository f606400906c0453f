import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { originOf } from '../../shared/markdown/pipeline';
import { DERIVED_VERSION } from './derived-text';
import { deriveWithSizes } from './image-sizes';
import { PostIndexes } from './post-indexes';

const BATCH = 200;

/**
 * Derives the text and HTML of every post whose derived columns an older version of the code
 * made (or none, for posts written before they existed), or whose HTML was rendered for another
 * site address, and puts it into the search index in the same transaction. Runs at start, before
 * the server answers, so no read ever parses markdown; `beforeDeriving` runs first when there is
 * anything to derive (the sizes of older uploads, which the HTML uses). Oldest first, so that
 * the search index numbers posts in the order they were written.
 */
export async function refreshDerivedText(database: Database, log: FastifyBaseLogger, siteUrl: string, beforeDeriving?: () => Promise<unknown>): Promise<number> {
  const indexes = new PostIndexes(database.engine);
  const origin = originOf(siteUrl);
  let done = 0;
  for (;;) {
    const ids = await database.db.selectFrom('posts').select('id').where((eb) => eb.or([eb('derived_version', '<', DERIVED_VERSION), eb('html_origin', '!=', origin)])).orderBy('created_at').orderBy('id').limit(BATCH).execute();
    if (ids.length === 0) break;
    if (done === 0) await beforeDeriving?.();
    await database.db.transaction().execute(async (trx) => {
      for (const { id } of ids) {
        const current = await trx.selectFrom('posts').select('content').where('id', '=', id).executeTakeFirst();
        if (!current) continue;
        const post = await trx.updateTable('posts').set(await deriveWithSizes(trx, current.content, siteUrl)).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await indexes.written(trx, post);
      }
    });
    done += ids.length;
  }
  if (done > 0) log.info({ posts: done, version: DERIVED_VERSION }, 'derived the text and HTML of posts written by an older version or for another address');
  return done;
}
