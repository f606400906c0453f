import type { Post, TagSummary } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { bearer, createPost, sendPostForm, usePostsTestApp } from '../support/posts-api';

describe.each(engines())('tags on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const get = (url: string, token?: string) => fixture.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const create = (title: string, tags: string, extra: Record<string, string> = {}) =>
    createPost(fixture.app, fixture.token, { title, body: `The text of ${title}.`, tags, ...extra });

  it('stores the tags in the order given, one per slug, and answers them on every read', async () => {
    const post = await create('Shop launch', ' React , Web  design,react,, SEO ');
    expect(post.tags).toEqual(['React', 'Web design', 'SEO']);
    expect(post.tagSlugs).toEqual(['react', 'web-design', 'seo']);
    expect((await get(`/api/posts/${post.slug}`)).json<Post>().tags).toEqual(['React', 'Web design', 'SEO']);
    expect((await get('/api/posts')).json<Post[]>()[0]!.tags).toEqual(['React', 'Web design', 'SEO']);
    expect((await get('/api/posts?page=1&limit=5')).json<Post[]>()[0]!.tags).toEqual(['React', 'Web design', 'SEO']);
  });

  it('changes tags on update, clears them with an empty field, and keeps them when the field is absent', async () => {
    const post = await create('Retag me', 'One, Two');
    const update = async (fields: Record<string, string>) =>
      (await sendPostForm(fixture.app, 'PUT', `/api/posts/${post._id}`, fixture.token, { title: post.title, body: post.content, ...fields })).json<Post>();
    expect((await update({ tags: 'Two, Three' })).tags).toEqual(['Two', 'Three']);
    expect((await update({})).tags).toEqual(['Two', 'Three']);
    expect((await update({ tags: '' })).tags).toEqual([]);
    expect((await get('/api/tags')).json()).toEqual([]);
  });

  it.each([
    ['an eleventh tag', Array.from({ length: 11 }, (_, i) => `tag ${i + 1}`).join(','), /at most 10 tags/],
    ['a 41-character name', 'x'.repeat(41), /at most 40 characters/],
    ['a name without letters or digits', '🎉', /letter or digit/],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_case, tags, message) => {
    const response = await sendPostForm(fixture.app, 'POST', '/api/posts', fixture.token, { title: 'Tagged', body: 'b', tags });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^Tags: /);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect((await get('/api/posts')).json()).toEqual([]);
  });

  it('takes ten tags of 40 characters', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(40, 'x'));
    expect((await create('Full', names.join(','))).tags).toEqual(names);
  });

  it('keeps a post whose update has bad tags exactly as it was', async () => {
    const post = await create('Steady', 'Kept');
    const response = await sendPostForm(fixture.app, 'PUT', `/api/posts/${post._id}`, fixture.token, { title: 'Changed', body: 'changed', tags: 'y'.repeat(41) });
    expect(response.statusCode).toBe(400);
    expect((await get(`/api/posts/${post.slug}`)).json()).toEqual({ ...post, html: '<p>The text of Steady.</p>' });
  });

  it('filters the list by tag slug with paging and X-Total-Count, newest first, published posts only', async () => {
    const made: Post[] = [];
    for (let i = 1; i <= 7; i++) made.push(await create(`Tagged ${i}`, i % 2 ? 'Small Business, Shops' : 'Shops'));
    await create('Draft', 'Small Business', { status: 'draft' });
    await create('Other', 'Hosting');
    const page1 = await get('/api/posts?tag=small-business&page=1&limit=3');
    expect(page1.headers['x-total-count']).toBe('4');
    expect(page1.json<Post[]>().map((post) => post.title)).toEqual(['Tagged 7', 'Tagged 5', 'Tagged 3']);
    const page2 = await get('/api/posts?tag=small-business&page=2&limit=3');
    expect(page2.json<Post[]>().map((post) => post.title)).toEqual(['Tagged 1']);
    expect(page2.headers['x-total-count']).toBe('4');
    const page3 = await get('/api/posts?tag=small-business&page=3&limit=3');
    expect(page3.json()).toEqual([]);
    expect(page3.headers['x-total-count']).toBe('4');
    expect((await get('/api/posts?tag=shops')).json<Post[]>()).toHaveLength(7);
    const unknown = await get('/api/posts?tag=nothing-here&page=1&limit=5');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['x-total-count']).toBe('0');
    expect((await get('/api/posts?tag=Not%20A%20Slug')).statusCode).toBe(400);
  });

  it('lists tags with their published posts under their newest spelling, and the owner also those of drafts', async () => {
    await create('A', 'React, Hosting');
    await create('B', 'react');
    await create('C', 'Hosting, Secret plans', { status: 'draft' });
    const visitors = (await get('/api/tags')).json<TagSummary[]>();
    expect(visitors).toEqual([
      { name: 'react', slug: 'react', count: 2 },
      { name: 'Hosting', slug: 'hosting', count: 1 },
    ]);
    const owner = (await get('/api/tags', fixture.token)).json<TagSummary[]>();
    expect(owner.map((tag) => [tag.slug, tag.count])).toEqual([['hosting', 2], ['react', 2], ['secret-plans', 1]]);
    expect((await get('/api/tags/react')).json()).toEqual({ name: 'react', slug: 'react', count: 2 });
    for (const slug of ['secret-plans', 'unknown', 'NOT%20A%20SLUG']) {
      const response = await get(`/api/tags/${slug}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Tag not found.' });
    }
  });

  it('forgets a tag when its last post goes, and hides a scheduled post’s tag until it is due', async () => {
    const post = await create('Only one', 'Lonely');
    await fixture.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(fixture.token) });
    expect((await get('/api/tags/lonely')).statusCode).toBe(404);
    const publishAt = new Date(Date.now() + 60 * 60_000).toISOString();
    await create('Later', 'Coming soon', { status: 'scheduled', publishAt });
    expect((await get('/api/tags/coming-soon')).statusCode).toBe(404);
    expect((await get('/api/posts?tag=coming-soon')).json()).toEqual([]);
  });

  it('relates posts by most shared tags, then newest, at most three, never itself or a draft', async () => {
    const subject = await create('Subject', 'A, B, C');
    const twoOld = await create('Two shared, older', 'A, B');
    const one = await create('One shared', 'C');
    const twoNew = await create('Two shared, newer', 'B, C');
    await create('Three shared draft', 'A, B, C', { status: 'draft' });
    await create('Unrelated', 'Z');
    await create('One shared, oldest of all?', 'A');
    const related = (await get(`/api/posts/${subject.slug}/related`)).json<Post[]>();
    expect(related.map((post) => post.title)).toEqual([twoNew.title, twoOld.title, 'One shared, oldest of all?']);
    expect(related.map((post) => post.title)).not.toContain(one.title);
    const lonely = await create('No tags', '');
    expect((await get(`/api/posts/${lonely.slug}/related`)).json()).toEqual([]);
    expect((await get('/api/posts/no-such-post/related')).statusCode).toBe(404);
  });

  it('gives reading time from the words of the text: ÷ 230, rounded up', async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const short = await createPost(fixture.app, fixture.token, { title: 'Short', body: words(230) });
    const long = await createPost(fixture.app, fixture.token, { title: 'Long', body: `${words(231)}\n\n\`\`\`\n${words(500)}\n\`\`\`` });
    expect(short.readingMinutes).toBe(1);
    expect(long.readingMinutes).toBe(2);
  });

  it('never gives a post the address of the search page', async () => {
    expect((await create('Search', '')).slug).toBe('search-2');
  });
});
