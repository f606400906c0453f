import type { FastifyInstance } from 'fastify';
import type { Post, PostCounts } from '../../src/shared/api-types';
import { engines } from '../support/engines';
import { bearer, createPost, sendPostForm, usePostsTestApp } from '../support/posts-api';

const HOUR = 3_600_000;

describe.each(engines())('publishing workflow on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  let app: FastifyInstance;
  let token: string;
  /** The server's clock, moved by the tests. */
  let now: Date;

  beforeAll(() => {
    ({ app, token } = fixture);
  });
  beforeEach(() => {
    now = new Date('2031-03-04T08:00:00.000Z');
    app.clock.now = () => now;
  });
  afterAll(() => {
    app.clock.now = () => new Date();
  });

  const get = (url: string, withToken = false) => app.inject({ method: 'GET', url, headers: withToken ? bearer(token) : {} });
  const publicTitles = async () => (await get('/api/posts')).json<Post[]>().map((post) => post.title);
  const ownerTitles = async (query = '') => (await get(`/api/posts${query}`, true)).json<Post[]>().map((post) => post.title);
  const page = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;

  describe('status on create', () => {
    it('publishes at once without a status, as before', async () => {
      const post = await createPost(app, token, { title: 'Plain', body: 'b' });
      expect(post).toMatchObject({ status: 'published', publishedAt: now.toISOString() });
      expect(await publicTitles()).toEqual(['Plain']);
    });

    it('keeps a draft from visitors on every read, and shows it to the owner', async () => {
      const draft = await createPost(app, token, { title: 'Secret draft', body: 'b', status: 'draft' });
      expect(draft).toMatchObject({ status: 'draft', publishedAt: null });
      expect(await publicTitles()).toEqual([]);
      expect((await get(`/api/posts/${draft.slug}`)).statusCode).toBe(404);
      expect((await get(`/api/posts/${draft.slug}`)).json()).toEqual({ message: 'Post not found.' });
      expect((await get('/api/posts?page=1&limit=5')).headers['x-total-count']).toBe('0');
      expect(await ownerTitles()).toEqual(['Secret draft']);
      expect((await get(`/api/posts/id/${draft._id}`, true)).json()).toMatchObject({ status: 'draft' });
      expect(await page(`/blog/${draft.slug}`)).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/blog' })).body).not.toContain('Secret draft');
    });

    it('schedules a post for a future time and shows it once that time has passed, caches included', async () => {
      const due = new Date(now.getTime() + HOUR);
      const post = await createPost(app, token, { title: 'Tuesday post', body: 'b', publishAt: '2031-03-04T10:00:00+01:00' });
      expect(post).toMatchObject({ status: 'scheduled', publishedAt: due.toISOString() });
      // Read before it is due, so that the anonymous reads and pages are cached.
      expect(await publicTitles()).toEqual([]);
      expect(await page(`/blog/${post.slug}`)).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/rss.xml' })).body).not.toContain('Tuesday post');

      now = new Date(due.getTime() - 1);
      expect(await publicTitles()).toEqual([]);
      now = due;
      expect(await publicTitles()).toEqual(['Tuesday post']);
      expect(await page(`/blog/${post.slug}`)).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/blog' })).body).toContain('Tuesday post');
      expect((await app.inject({ method: 'GET', url: '/rss.xml' })).body).toContain('Tuesday post');
      expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain(`/blog/${post.slug}`);
      expect((await get(`/api/posts/id/${post._id}`, true)).json()).toMatchObject({ status: 'published' });
    });

    it('publishes now when asked to publish at a time already past', async () => {
      const post = await createPost(app, token, { title: 'Late', body: 'b', status: 'published', publishAt: '2020-01-01T00:00:00Z' });
      expect(post).toMatchObject({ status: 'published', publishedAt: now.toISOString() });
    });

    it.each([
      [{ status: 'live' }, /status/],
      [{ publishAt: 'next tuesday' }, /publishAt/],
      [{ publishAt: '2031-03-05' }, /publishAt/],
      [{ publishAt: '2031-03-05T09:00:00' }, /publishAt/],
      [{ publishAt: '2031-02-31T09:00:00Z' }, /publishAt/],
      [{ status: 'draft', publishAt: '2031-03-05T09:00:00Z' }, /publishAt/],
      [{ status: 'scheduled' }, /publishAt/],
    ])('refuses %j with 400 naming the field, storing nothing', async (fields, message) => {
      const response = await sendPostForm(app, 'POST', '/api/posts', token, { title: 'Bad', body: 'b', ...fields });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
      expect(await ownerTitles()).toEqual([]);
    });
  });

  describe('status on update', () => {
    const update = (post: Post, fields: Record<string, string>) =>
      sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: post.title, body: post.content, ...fields });

    it('keeps the state when no status is sent, as a client that knows no statuses expects', async () => {
      const draft = await createPost(app, token, { title: 'Draft', body: 'b', status: 'draft' });
      expect((await update(draft, { body: 'edited' })).json()).toMatchObject({ status: 'draft', publishedAt: null });
      const published = await createPost(app, token, { title: 'Published', body: 'b' });
      now = new Date(now.getTime() + HOUR);
      expect((await update(published, {})).json()).toMatchObject({ status: 'published', publishedAt: published.publishedAt });
    });

    it('unpublishes, and publishes again at the new time', async () => {
      const post = await createPost(app, token, { title: 'Back and forth', body: 'b' });
      expect((await update(post, { status: 'draft' })).json()).toMatchObject({ status: 'draft', publishedAt: null });
      expect(await publicTitles()).toEqual([]);
      now = new Date(now.getTime() + HOUR);
      expect((await update(post, { status: 'published' })).json()).toMatchObject({ status: 'published', publishedAt: now.toISOString() });
      expect(await publicTitles()).toEqual(['Back and forth']);
    });

    it('moves a scheduled post to another time, or publishes it at once', async () => {
      const post = await createPost(app, token, { title: 'Moved', body: 'b', publishAt: '2031-03-05T09:00:00Z' });
      expect((await update(post, { publishAt: '2031-03-06T09:00:00Z' })).json()).toMatchObject({ status: 'scheduled', publishedAt: '2031-03-06T09:00:00.000Z' });
      expect((await update(post, { status: 'published' })).json()).toMatchObject({ status: 'published', publishedAt: now.toISOString() });
    });
  });

  describe('the owner’s list', () => {
    beforeEach(async () => {
      await createPost(app, token, { title: 'A draft', body: 'b', status: 'draft' });
      await createPost(app, token, { title: 'A scheduled post', body: 'b', publishAt: '2031-04-01T09:00:00Z' });
      await createPost(app, token, { title: 'A published post', body: 'b' });
    });

    it('lists every post with its status, filters by status, and counts each', async () => {
      const posts = (await get('/api/posts', true)).json<Post[]>();
      expect(posts.map((post) => [post.title, post.status])).toEqual([
        ['A published post', 'published'],
        ['A scheduled post', 'scheduled'],
        ['A draft', 'draft'],
      ]);
      expect(await ownerTitles('?status=draft')).toEqual(['A draft']);
      expect(await ownerTitles('?status=scheduled&page=1&limit=5')).toEqual(['A scheduled post']);
      expect((await get('/api/posts?status=published&page=1', true)).headers['x-total-count']).toBe('1');
      expect((await get('/api/post-counts', true)).json<PostCounts>()).toEqual({ total: 3, draft: 1, scheduled: 1, published: 1 });
    });

    it('never shows visitors more than what is due, whatever they ask', async () => {
      expect((await get('/api/posts?status=draft')).json()).toEqual([]);
      expect(await publicTitles()).toEqual(['A published post']);
      expect((await get('/api/post-counts')).statusCode).toBe(401);
    });

    it('refuses an unknown status filter', async () => {
      const response = await get('/api/posts?status=archived', true);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/status/i);
    });
  });
});

describe.each(engines())('finding posts with ?q on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const get = (url: string, token?: string) => fixture.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const titles = async (url: string, token?: string) => (await get(url, token)).json<Post[]>().map((post) => post.title);

  beforeEach(async () => {
    const { app, token } = fixture;
    await createPost(app, token, { title: 'Pricing for bakeries', body: 'How we price a small site.' });
    await createPost(app, token, { title: 'Unfinished thoughts', body: 'A draft about BAKERIES and 100% uptime_now.', status: 'draft' });
    await createPost(app, token, { title: 'Next month', body: 'Bakeries again, scheduled.', publishAt: '2099-01-01T00:00:00Z' });
  });

  it('finds every status for the owner, by a word of the title or the text, in any case', async () => {
    expect(await titles('/api/posts?q=bakeries', fixture.token)).toEqual(['Next month', 'Unfinished thoughts', 'Pricing for bakeries']);
    expect(await titles('/api/posts?q=UNFINISHED', fixture.token)).toEqual(['Unfinished thoughts']);
    expect(await titles('/api/posts?q=draft%20bakeries', fixture.token)).toEqual(['Unfinished thoughts']);
    const paged = await get('/api/posts?q=bakeries&page=1&limit=2', fixture.token);
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.json()).toHaveLength(2);
    expect(await titles('/api/posts?q=bakeries&status=draft', fixture.token)).toEqual(['Unfinished thoughts']);
  });

  it('treats the wildcards of SQL as plain characters', async () => {
    expect(await titles('/api/posts?q=100%25', fixture.token)).toEqual(['Unfinished thoughts']);
    expect(await titles('/api/posts?q=uptime_now', fixture.token)).toEqual(['Unfinished thoughts']);
    expect(await titles('/api/posts?q=%25', fixture.token)).toEqual(['Unfinished thoughts']);
    expect(await titles('/api/posts?q=upt_me', fixture.token)).toEqual([]);
  });

  it('finds only what visitors may see without a token', async () => {
    expect(await titles('/api/posts?q=bakeries')).toEqual(['Pricing for bakeries']);
    expect(await titles('/api/posts?q=unfinished')).toEqual([]);
  });

  it('refuses a search over 200 characters', async () => {
    const response = await get(`/api/posts?q=${'a'.repeat(201)}`, fixture.token);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/200 characters/);
    expect((await get(`/api/posts?q=${'a'.repeat(200)}`, fixture.token)).statusCode).toBe(200);
  });
});

describe.each(engines())('bad searches and far dates on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);

  it('refuses control characters in a search with 400, not a database error', async () => {
    for (const q of ['%00', 'a%0Ab', '%7F']) {
      const response = await fixture.app.inject({ method: 'GET', url: `/api/posts?q=${q}`, headers: bearer(fixture.token) });
      expect([q, response.statusCode]).toEqual([q, 400]);
      expect(response.json<{ message: string }>().message).toMatch(/control characters/);
    }
  });

  it('refuses a publication time past the year 9999 instead of publishing at once', async () => {
    const response = await sendPostForm(fixture.app, 'POST', '/api/posts', fixture.token, { title: 'Far', body: 'b', publishAt: '9999-12-31T23:30:00-01:00' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/publishAt/);
  });

  it('sends the text derived when the post was written, in the whole list and each page alike', async () => {
    await createPost(fixture.app, fixture.token, { title: 'Derived', body: 'Some **words** here.' });
    const [whole] = (await fixture.app.inject({ method: 'GET', url: '/api/posts' })).json<Post[]>();
    const [paged] = (await fixture.app.inject({ method: 'GET', url: '/api/posts?page=1' })).json<Post[]>();
    expect(paged).toEqual(whole);
    expect(paged).toMatchObject({ summary: 'Some words here....', excerpt: 'Some words here.', readingMinutes: 1, tags: [], tagSlugs: [] });
  });
});

describe.each(engines())('a draft’s address on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  const update = async (post: Post, fields: Record<string, string>) =>
    (await sendPostForm(fixture.app, 'PUT', `/api/posts/${post._id}`, fixture.token, { title: post.title, body: post.content, ...fields })).json<Post>();

  it('follows the title until the post is first published, then stays for good', async () => {
    const draft = await createPost(fixture.app, fixture.token, { title: 'Layoffs at Acme', body: 'b', status: 'draft' });
    expect(draft.slug).toBe('layoffs-at-acme');
    const renamed = await update(draft, { title: 'Team news' });
    expect(renamed.slug).toBe('team-news');
    const published = await update(renamed, { status: 'published' });
    expect(published.slug).toBe('team-news');
    expect((await fixture.app.inject({ method: 'GET', url: '/api/posts/layoffs-at-acme' })).statusCode).toBe(404);
    // Taken back to a draft and renamed: the address was public once, so it stays.
    const unpublished = await update(published, { status: 'draft' });
    expect((await update(unpublished, { title: 'Something else' })).slug).toBe('team-news');
  });

  it('takes the next free address when the new title’s is taken', async () => {
    await createPost(fixture.app, fixture.token, { title: 'Launch day', body: 'b' });
    const draft = await createPost(fixture.app, fixture.token, { title: 'Working title', body: 'b', status: 'draft' });
    expect((await update(draft, { title: 'Launch day' })).slug).toBe('launch-day-2');
  });
});
