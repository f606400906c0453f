import type { Post, SearchPage } from '../../src/shared/api-types';
import { afterRestart } from '../support/after-restart';
import { engines } from '../support/engines';
import { createPost, usePostsTestApp } from '../support/posts-api';

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

describe.each(engines())('text derived from the tree a post\'s HTML is made from, on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const search = async (q: string) => (await fixture.app.inject({ method: 'GET', url: `/api/search?q=${q}` })).json<SearchPage>().results.map((result) => result.post.slug);

  it('holds what the page shows as prose, and nothing it leaves out', async () => {
    const body = [
      'Visible prose.[^1] <script>var scripted = 1</script>',
      '',
      '```',
      'codeword();',
      '```',
      '',
      '[^1]: A footnoteword.',
      '',
      // The sanitiser unwraps the iframe; the page shows the rest of the paragraph, so does the text.
      'Before <iframe src=javascript:alert(1)> afterword',
    ].join('\n');
    const post = await createPost(fixture.app, fixture.token, { title: 'Prose', body, status: 'published' });
    const row = await fixture.app.database.db.selectFrom('posts').select(['plain_text', 'word_count', 'summary']).where('id', '=', post._id).executeTakeFirstOrThrow();
    expect(row).toEqual({ plain_text: 'Visible prose. Before afterword', word_count: 4, summary: 'Visible prose. Before afterword...' });
    expect(await search('afterword')).toEqual([post.slug]);
    for (const word of ['codeword', 'footnoteword', 'scripted']) expect(await search(word)).toEqual([]);
  });
});
