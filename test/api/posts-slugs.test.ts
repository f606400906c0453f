import type { Post } from '../../src/shared/api-types';
import type { Redirect } from '../../src/shared/contract/redirects';
import { engines } from '../support/engines';
import { bearer, createPost, sendPostForm, usePostsTestApp } from '../support/posts-api';

describe.each(engines())('editable slugs on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  beforeEach(async () => {
    await fixture.app.database.db.deleteFrom('redirects').execute();
  });
  const update = (post: Post, fields: Record<string, string>) =>
    sendPostForm(fixture.app, 'PUT', `/api/posts/${post._id}`, fixture.token, { title: post.title, body: post.content, ...fields });
  const visit = (url: string) => fixture.app.inject({ method: 'GET', url });

  it('moves a published post to the slug the owner types, and its old address redirects there (301), query kept', async () => {
    const post = await createPost(fixture.app, fixture.token, { title: 'Spring sale', body: 'Text.' });
    const moved = await update(post, { slug: '  Spring-Offers-2026 ' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Post>().slug).toBe('spring-offers-2026');
    const old = await visit('/blog/spring-sale?utm_source=mail');
    expect([old.statusCode, old.headers.location]).toEqual([301, '/blog/spring-offers-2026?utm_source=mail']);
    expect((await visit('/blog/spring-offers-2026')).statusCode).toBe(200);
    expect((await visit('/api/posts/spring-offers-2026')).statusCode).toBe(200);
    const redirects = (await fixture.app.inject({ method: 'GET', url: '/api/redirects', headers: bearer(fixture.token) })).json<Redirect[]>();
    expect(redirects).toEqual([expect.objectContaining({ from: '/blog/spring-sale', to: '/blog/spring-offers-2026', status: 301, origin: 'slug' })]);
  });

  it('never chains nor loops: moving twice points every old address at the newest, and moving back drops the redirect from it', async () => {
    const post = await createPost(fixture.app, fixture.token, { title: 'First name', body: 'Text.' });
    await update(post, { slug: 'second-name' });
    await update(post, { slug: 'third-name' });
    expect((await visit('/blog/first-name')).headers.location).toBe('/blog/third-name');
    expect((await visit('/blog/second-name')).headers.location).toBe('/blog/third-name');
    await update(post, { slug: 'first-name' });
    expect((await visit('/blog/first-name')).statusCode).toBe(200);
    expect((await visit('/blog/third-name')).headers.location).toBe('/blog/first-name');
    expect((await visit('/blog/second-name')).headers.location).toBe('/blog/first-name');
  });

  it('makes no redirect for a draft nobody has seen', async () => {
    const draft = await createPost(fixture.app, fixture.token, { title: 'Secret', body: 'Text.', status: 'draft' });
    expect((await update(draft, { slug: 'announcement', status: 'draft' })).json<Post>().slug).toBe('announcement');
    expect((await fixture.app.database.db.selectFrom('redirects').selectAll().execute())).toEqual([]);
  });

  it.each([
    ['not-a slug!', 400, /lower-case letters/],
    ['-leading', 400, /lower-case letters/],
    ['x'.repeat(81), 400, /at most 80/],
    ['search', 400, /page of the blog itself/],
    ['taken-one', 409, /another post/],
  ])('refuses the slug %s (%i) and changes nothing', async (slug, status, message) => {
    await createPost(fixture.app, fixture.token, { title: 'Taken one', body: 'Text.' });
    const post = await createPost(fixture.app, fixture.token, { title: 'Mine', body: 'Text.' });
    const answer = await update(post, { slug });
    expect(answer.statusCode).toBe(status);
    expect(answer.json<{ message: string }>().message).toMatch(message);
    expect((await visit('/api/posts/mine')).statusCode).toBe(200);
  });

  it('takes a chosen slug on create, numbered when taken', async () => {
    expect((await createPost(fixture.app, fixture.token, { title: 'Any', body: 'Text.', slug: 'chosen' })).slug).toBe('chosen');
    expect((await createPost(fixture.app, fixture.token, { title: 'Other', body: 'Text.', slug: 'chosen' })).slug).toBe('chosen-2');
  });
});
