import type { Post, PostCard, SearchPage } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { createPost, usePostsTestApp } from '../support/posts-api';

describe.each(engines())('posts as cards (?view=card) on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const get = (url: string) => fixture.app.inject({ method: 'GET', url });
  let post: Post;

  beforeEach(async () => {
    post = await createPost(fixture.app, fixture.token, { title: 'Card shop', body: '## Why cards\n\nA **card** shows a summary, never the markdown.', tags: 'Shops, Cards' });
    await createPost(fixture.app, fixture.token, { title: 'Card cousin', body: 'Another post about shops.', tags: 'Shops' });
  });

  /** What a card keeps: every field of the post but its markdown. */
  const asCard = ({ content: _content, ...card }: Post): PostCard => card;

  it('answers every field of the list but the markdown, and the whole posts without it, each from its own cache entry', async () => {
    const whole = (await get('/api/posts?page=1&limit=5')).json<Post[]>();
    const cards = await get('/api/posts?page=1&limit=5&view=card');
    expect(cards.statusCode).toBe(200);
    expect(cards.headers['x-total-count']).toBe('2');
    expect(cards.json()).toEqual(whole.map(asCard));
    expect(cards.json<PostCard[]>()[1]).toMatchObject({ title: 'Card shop', summary: 'Why cards A card shows a summary, never the markdown....', readingMinutes: 1, tagSlugs: ['shops', 'cards'] });
    // Asked again in either form, each is answered as first asked (the read cache keys the view).
    expect((await get('/api/posts?page=1&limit=5')).json()).toEqual(whole);
    expect((await get('/api/posts?page=1&limit=5&view=card')).json()).toEqual(whole.map(asCard));
    expect((await get('/api/posts?view=card')).json()).toEqual(whole.map(asCard));
    expect((await get('/api/posts?tag=cards&page=1&limit=5&view=card')).json()).toEqual([asCard(post)]);
  });

  it('answers related posts and search results as cards when asked', async () => {
    const related = await get(`/api/posts/${post.slug}/related?view=card`);
    expect(related.statusCode).toBe(200);
    expect(related.json<PostCard[]>().map((card) => card.title)).toEqual(['Card cousin']);
    expect(related.json<PostCard[]>()[0]).not.toHaveProperty('content');
    expect((await get(`/api/posts/${post.slug}/related`)).json<Post[]>()[0]!.content).toBe('Another post about shops.');

    const found = (await get('/api/search?q=summary&view=card')).json<SearchPage>();
    expect(found.results).toHaveLength(1);
    expect(found.results[0]!.post).toEqual(asCard(post));
    expect((await get('/api/search?q=summary')).json<SearchPage>().results[0]!.post.content).toBe(post.content);
  });

  it.each(['/api/posts?view=full', '/api/posts?page=1&limit=5&view=', '/api/search?q=shop&view=cards', '/api/posts/card-shop/related?view=CARD'])('refuses an unknown view (%s) with 400 and a message', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'View must be card, or left out.' });
  });
});
