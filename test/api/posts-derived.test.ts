import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { NewPost } from '../../src/server/db/schema';
import type { Post, SearchPage } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { removeDataDir, testConfig } from '../support/test-config';

/**
 * Writes a post row behind the API's back (as an older version, or a bulk import, would), then
 * starts the server again on the same database and hands it to `check`.
 */
async function afterRestart(env: Record<string, string>, row: Partial<NewPost>, check: (app: FastifyInstance) => Promise<void>): Promise<void> {
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

describe.each(engines())('text derived from a post on $name', ({ env }) => {
  it('is made at start for posts an older version wrote, and put into the search index', async () => {
    // As a post written before the derived columns existed: content only.
    await afterRestart(env, { title: 'Old post', content: 'An **old** post about kangaroos.', slug: 'old-post' }, async (app) => {
      const post = (await app.inject({ method: 'GET', url: '/api/posts/old-post' })).json<Post>();
      expect(post).toMatchObject({ summary: 'An old post about kangaroos....', excerpt: 'An old post about kangaroos.', readingMinutes: 1, tags: [] });
      const found = (await app.inject({ method: 'GET', url: '/api/search?q=kangaroo' })).json<SearchPage>();
      expect(found.results.map((result) => result.post.slug)).toEqual(['old-post']);
    });
  });

  it('indexes tags once per slug, so a stored list with "React" and "react" starts the server all the same', async () => {
    await afterRestart(env, { tags: JSON.stringify(['React', 'react', 'React', '🎉']) }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/api/tags/react' })).json()).toMatchObject({ slug: 'react', count: 1 });
    });
  });
});
