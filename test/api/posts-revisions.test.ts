import type { FastifyInstance } from 'fastify';
import type { Post, PostRevision } from '../../src/shared/api-types';
import { MAX_REVISIONS } from '../../src/server/posts/revision-repository';
import { engines } from '../support/engines';
import { bearer, createPost, sendPostForm, usePostsTestApp } from '../support/posts-api';

describe.each(engines())('revisions on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  let app: FastifyInstance;
  let token: string;

  beforeAll(() => {
    ({ app, token } = fixture);
  });

  const update = async (post: Post, title: string, body: string) => {
    const response = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title, body });
    expect(response.statusCode).toBe(200);
    return response.json<Post>();
  };
  const history = async (post: Post) => {
    const response = await app.inject({ method: 'GET', url: `/api/posts/id/${post._id}/revisions`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<PostRevision[]>();
  };
  const restore = (postId: string, revisionId: string, headers = bearer(token)) =>
    app.inject({ method: 'POST', url: `/api/posts/id/${postId}/revisions/${revisionId}/restore`, headers });

  it('keeps every replaced version, newest first, and restores one as a new update', async () => {
    const post = await createPost(app, token, { title: 'First title', body: 'First text.' });
    await update(post, 'Second title', 'Second text.');
    const current = await update(post, 'Third title', 'Third text.');
    const revisions = await history(post);
    expect(revisions.map((revision) => [revision.title, revision.content])).toEqual([
      ['Second title', 'Second text.'],
      ['First title', 'First text.'],
    ]);
    expect(revisions[1]).toMatchObject({ postId: post._id, savedAt: post.updatedAt, status: 'published' });

    const response = await restore(post._id, revisions[1]!._id);
    expect(response.statusCode).toBe(200);
    expect(response.json<Post>()).toMatchObject({ _id: post._id, slug: post.slug, title: 'First title', content: 'First text.', status: 'published' });
    // The restore is an update: the version it replaced is in the history too.
    expect((await history(post)).map((revision) => revision.title)).toEqual(['Third title', 'Second title', 'First title']);
    expect((await history(post))[0]!.savedAt).toBe(current.updatedAt);
    expect((await app.inject({ method: 'GET', url: `/api/posts/${post.slug}` })).json<Post>().title).toBe('First title');
  });

  it('keeps the publication state when restoring', async () => {
    const post = await createPost(app, token, { title: 'Draft one', body: 'a', status: 'draft' });
    await update(post, 'Draft two', 'b');
    const [revision] = await history(post);
    expect((await restore(post._id, revision!._id)).json<Post>()).toMatchObject({ title: 'Draft one', status: 'draft' });
  });

  it(`keeps the ${MAX_REVISIONS} newest versions`, async () => {
    const post = await createPost(app, token, { title: 'v0', body: 'b' });
    for (let i = 1; i <= MAX_REVISIONS + 3; i++) await update(post, `v${i}`, 'b');
    const revisions = await history(post);
    expect(revisions).toHaveLength(MAX_REVISIONS);
    expect(revisions[0]!.title).toBe(`v${MAX_REVISIONS + 2}`);
    expect(revisions.at(-1)!.title).toBe('v3');
  });

  it('loses no version when two tabs save at once: the later save wins, the earlier is in the history', async () => {
    const post = await createPost(app, token, { title: 'Shared', body: 'original' });
    const saves = await Promise.all([
      sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Tab A', body: 'a' }),
      sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Tab B', body: 'b' }),
    ]);
    expect(saves.map((save) => save.statusCode)).toEqual([200, 200]);
    const final = (await app.inject({ method: 'GET', url: `/api/posts/id/${post._id}`, headers: bearer(token) })).json<Post>();
    const titles = (await history(post)).map((revision) => revision.title);
    expect(titles).toHaveLength(2);
    expect(titles.at(-1)).toBe('Shared');
    expect(['Tab A', 'Tab B']).toContain(final.title);
    expect([...titles, final.title].sort()).toEqual(['Shared', 'Tab A', 'Tab B']);
  });

  it('answers 404 for a revision of another post, of a deleted post, or an unknown one', async () => {
    const one = await createPost(app, token, { title: 'One', body: 'b' });
    const other = await createPost(app, token, { title: 'Other', body: 'b' });
    await update(one, 'One again', 'b');
    const [revision] = await history(one);
    expect((await restore(other._id, revision!._id)).statusCode).toBe(404);
    expect((await restore(one._id, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await restore(one._id, 'not a valid id!')).statusCode).toBe(404);
    await app.inject({ method: 'DELETE', url: `/api/posts/${one._id}`, headers: bearer(token) });
    const gone = await restore(one._id, revision!._id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: expect.any(String) });
    expect((await app.inject({ method: 'GET', url: `/api/posts/id/${one._id}/revisions`, headers: bearer(token) })).statusCode).toBe(404);
  });

  it('needs the bearer token', async () => {
    const post = await createPost(app, token, { title: 'Private history', body: 'b' });
    await update(post, 'Changed', 'b');
    const [revision] = await history(post);
    expect((await app.inject({ method: 'GET', url: `/api/posts/id/${post._id}/revisions` })).statusCode).toBe(401);
    expect((await restore(post._id, revision!._id, {} as ReturnType<typeof bearer>)).statusCode).toBe(401);
  });
});
