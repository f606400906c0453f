import type { Post, SearchPage } from '../../src/shared/api-types';
import { afterRestart } from '../support/after-restart';
import { engines } from '../support/engines';

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
