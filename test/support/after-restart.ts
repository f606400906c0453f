import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { NewPost } from '../../src/server/db/schema';
import { removeDataDir, testConfig } from './test-config';

/**
 * Writes a post row behind the API's back (as an older version, or a bulk import, would), then
 * starts the server again on the same database and hands it to `check`.
 */
export async function afterRestart(env: Record<string, string>, row: Partial<NewPost>, check: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const config = testConfig(env);
  try {
    const first = await buildApp(config);
    const at = new Date().toISOString();
    await first.database.db
      .insertInto('posts')
      .values({ id: randomUUID(), title: 'A post', content: 'Text.', slug: 'a-post', image_key: null, published_at: at, created_at: at, updated_at: at, ...row })
      .execute();
    await first.close();
    const second = await buildApp(config);
    try {
      await second.ready();
      await check(second);
    } finally {
      await second.close();
    }
  } finally {
    removeDataDir(config);
  }
}

