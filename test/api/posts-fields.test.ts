import type { Post, PostRevision, SearchPage } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { bearer, createPost, sendPostForm, usePostsTestApp } from '../support/posts-api';

describe.each(engines())('description and imageAlt on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const get = (url: string, token?: string) => fixture.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const create = (fields: Record<string, string>) => createPost(fixture.app, fixture.token, { title: 'Shared', body: 'The text.', ...fields });
  const update = (post: Post, fields: Record<string, string>) =>
    sendPostForm(fixture.app, 'PUT', `/api/posts/${post._id}`, fixture.token, { title: post.title, body: post.content, ...fields });

  it('stores both, normalised to one line, and answers them on every read', async () => {
    const post = await create({ description: '  How we cut  a bakery’s\npage weight in half. ', imageAlt: 'A loaf on a  counter' });
    expect(post).toMatchObject({ description: 'How we cut a bakery’s page weight in half.', imageAlt: 'A loaf on a counter' });
    expect((await get(`/api/posts/${post.slug}`)).json<Post>()).toMatchObject({ description: post.description, imageAlt: post.imageAlt });
    expect((await get(`/api/posts/id/${post._id}`, fixture.token)).json<Post>()).toMatchObject({ description: post.description });
    expect((await get('/api/posts')).json<Post[]>()[0]).toMatchObject({ description: post.description, imageAlt: post.imageAlt });
    expect((await get('/api/posts?page=1&limit=5')).json<Post[]>()[0]).toMatchObject({ description: post.description });
  });

  it('answers empty fields for a post created without them', async () => {
    expect(await create({})).toMatchObject({ description: '', imageAlt: '' });
  });

  it('keeps the fields when an update leaves them out, and clears them with empty ones', async () => {
    const post = await create({ description: 'Kept words.', imageAlt: 'Kept alt.' });
    expect((await update(post, {})).json<Post>()).toMatchObject({ description: 'Kept words.', imageAlt: 'Kept alt.' });
    expect((await update(post, { description: 'New words.' })).json<Post>()).toMatchObject({ description: 'New words.', imageAlt: 'Kept alt.' });
    expect((await update(post, { description: '', imageAlt: '' })).json<Post>()).toMatchObject({ description: '', imageAlt: '' });
  });

  it('takes exactly 300 and 250 characters, counting an emoji as one', async () => {
    const description = '🎉'.repeat(300);
    const imageAlt = 'a'.repeat(250);
    expect(await create({ description, imageAlt })).toMatchObject({ description, imageAlt });
  });

  it.each([
    ['description', 'x'.repeat(301), /^Description \(description\) must be at most 300 characters/],
    ['imageAlt', 'x'.repeat(251), /^Image alt text \(imageAlt\) must be at most 250 characters/],
    ['description', 'bell\u0007', /description.*control characters/],
  ])('refuses a bad %s with 400 naming the field, storing nothing', async (field, value, message) => {
    const response = await sendPostForm(fixture.app, 'POST', '/api/posts', fixture.token, { title: 'Too long', body: 'b', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect((await get('/api/posts', fixture.token)).json()).toEqual([]);
  });

  it('leaves a post exactly as it was when an update goes over a limit', async () => {
    const post = await create({ description: 'Before.' });
    const response = await update(post, { title: 'Changed', description: 'y'.repeat(301) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/description/);
    expect((await get(`/api/posts/${post.slug}`)).json()).toEqual({ ...post, html: '<p>The text.</p>' });
  });

  it('files the fields with each revision and brings them back on restore', async () => {
    const post = await create({ description: 'First words.', imageAlt: 'First alt.' });
    await update(post, { description: 'Second words.', imageAlt: 'Second alt.' });
    const revisions = (await get(`/api/posts/id/${post._id}/revisions`, fixture.token)).json<PostRevision[]>();
    expect(revisions[0]).toMatchObject({ description: 'First words.', imageAlt: 'First alt.' });
    const restored = await fixture.app.inject({ method: 'POST', url: `/api/posts/id/${post._id}/revisions/${revisions[0]!._id}/restore`, headers: bearer(fixture.token) });
    expect(restored.json<Post>()).toMatchObject({ description: 'First words.', imageAlt: 'First alt.' });
  });

  it('finds a post by a word only its description holds, and forgets the word when the description changes', async () => {
    const post = await create({ title: 'Bakery notes', body: 'Bread and ovens.', description: 'A sourdough journey through Lisbon.' });
    await create({ title: 'Other', body: 'Nothing here.' });
    const search = async (q: string) => (await get(`/api/search?q=${encodeURIComponent(q)}`)).json<SearchPage>();
    const found = await search('lisbon');
    expect(found.total).toBe(1);
    expect(found.results[0]!.post).toMatchObject({ title: 'Bakery notes', description: 'A sourdough journey through Lisbon.' });
    expect(found.results[0]!.snippet).toMatch(/<mark>Lisbon<\/mark>/);
    expect((await search('journeys')).total).toBe(1);
    await update(post, { description: 'Now about Porto.' });
    expect((await search('lisbon')).total).toBe(0);
    expect((await search('porto')).total).toBe(1);
  });
});
