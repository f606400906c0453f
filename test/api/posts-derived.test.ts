import { randomUUID } from 'node:crypto';
import { buildApp } from '../../src/server/app';
import type { Post, SearchPage } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { removeDataDir, testConfig } from '../support/test-config';

describe.each(engines())('text derived from a post on $name', ({ env }) => {
  it('is made at start for posts an older version wrote, and put into the search index', async () => {
    const config = testConfig(env);
    try {
      const first = await buildApp(config);
      const at = new Date().toISOString();
      // As a post written before the derived columns existed: content only.
      await first.database.db
        .insertInto('posts')
        .values({ id: randomUUID(), title: 'Old post', content: 'An **old** post about kangaroos.', slug: 'old-post', image_key: null, published_at: at, created_at: at, updated_at: at })
        .execute();
      await first.close();

      const second = await buildApp(config);
      try {
        await second.ready();
        const post = (await second.inject({ method: 'GET', url: '/api/posts/old-post' })).json<Post>();
        expect(post).toMatchObject({ summary: 'An old post about kangaroos....', excerpt: 'An old post about kangaroos.', readingMinutes: 1, tags: [] });
        const found = (await second.inject({ method: 'GET', url: '/api/search?q=kangaroo' })).json<SearchPage>();
        expect(found.results.map((result) => result.post.slug)).toEqual(['old-post']);
      } finally {
        await second.close();
      }
    } finally {
      removeDataDir(config);
    }
  });
});

describe.each(engines())('tags written another way on $name', ({ env }) => {
  it('are indexed once per slug, so a stored list with "React" and "react" starts the server all the same', async () => {
    const config = testConfig(env);
    try {
      const first = await buildApp(config);
      const at = new Date().toISOString();
      await first.database.db
        .insertInto('posts')
        .values({ id: randomUUID(), title: 'Twice', content: 'Text.', slug: 'twice', image_key: null, published_at: at, created_at: at, updated_at: at, tags: JSON.stringify(['React', 'react', 'React', '🎉']) })
        .execute();
      await first.close();
      const second = await buildApp(config);
      try {
        await second.ready();
        expect((await second.inject({ method: 'GET', url: '/api/tags/react' })).json()).toMatchObject({ slug: 'react', count: 1 });
      } finally {
        await second.close();
      }
    } finally {
      removeDataDir(config);
    }
  });
});
