import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Post } from '../../src/shared/api-types';
import { buildApp } from '../../src/server/app';
import { engines } from '../support/engines';
import { adminToken, bearer, createPost, multipart, sendPostForm, usePostsTestApp } from '../support/posts-api';
import { removeDataDir, testConfig } from '../support/test-config';
import { EncodedBody } from '../../src/server/http/encoded-body';


describe.each(engines())('posts API on $name', ({ env }) => {
  const fixture = usePostsTestApp(env);
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    ({ app, token } = fixture);
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  describe('create', () => {
    it('answers 201 with the post in the API shape, body stored as content', async () => {
      const response = await sendPostForm(app, 'POST', '/api/posts', token, { title: 'Hello World', body: 'First **post**.' });
      expect(response.statusCode).toBe(201);
      const post = response.json<Post>();
      expect(post).toEqual({
        _id: expect.any(String),
        title: 'Hello World',
        content: 'First **post**.',
        slug: 'hello-world',
        imageUrl: null,
        description: '',
        imageAlt: '',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        status: 'published',
        publishedAt: expect.any(String),
        summary: 'First post....',
        excerpt: 'First post.',
        tags: [],
        tagSlugs: [],
        readingMinutes: 1,
      });
      expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
      expect(post.updatedAt).toBe(post.createdAt);
      // The read by slug (the post page's) adds the stored HTML.
      const stored = await get(`/api/posts/${post.slug}`);
      expect(stored.json()).toEqual({ ...post, html: '<p>First <strong>post</strong>.</p>' });
    });

    it.each([
      [{ body: 'text' }, 'Title is required.'],
      [{ title: '   ', body: 'text' }, 'Title is required.'],
      [{ title: 'A title' }, 'Body is required.'],
      [{ title: 'A title', body: ' \n\n ' }, 'Body is required.'],
      [{}, 'Title is required.'],
    ])('refuses %j with 400 and stores nothing', async (fields, message) => {
      const response = await sendPostForm(app, 'POST', '/api/posts', token, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect((await get('/api/posts')).json()).toEqual([]);
    });

    it('keeps the body exactly as sent and trims the title', async () => {
      const body = '  indented code\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<kbd>Ctrl</kbd> ünïcödé 🎉\n';
      const post = await createPost(app, token, { title: '  Spaced \t out  ', body });
      expect(post.title).toBe('Spaced out');
      // FormData sends CRLF line ends, as browsers do; the post keeps LF.
      expect(post.content).toBe(body);
    });
  });

  describe('slugs', () => {
    it('transliterates accents and numbers repeats from 2', async () => {
      const titles = ['Crème brûlée', 'Creme Brulee', 'crème-brûlée!', 'Crème brûlée'];
      const slugs = [];
      for (const title of titles) slugs.push((await createPost(app, token, { title, body: 'b' })).slug);
      expect(slugs).toEqual(['creme-brulee', 'creme-brulee-2', 'creme-brulee-3', 'creme-brulee-4']);
    });

    it('gives a title without Latin letters a slug all the same', async () => {
      const first = await createPost(app, token, { title: '日本語', body: 'b' });
      const second = await createPost(app, token, { title: '🎉', body: 'b' });
      expect([first.slug, second.slug]).toEqual(['post', 'post-2']);
      expect((await get('/api/posts/post-2')).json<Post>().title).toBe('🎉');
    });

    it('keeps the slug when the title is edited', async () => {
      const post = await createPost(app, token, { title: 'Original title', body: 'b' });
      const response = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'A completely new title', body: 'c' });
      expect(response.statusCode).toBe(200);
      expect(response.json<Post>()).toMatchObject({ slug: 'original-title', title: 'A completely new title', content: 'c' });
      expect((await get('/api/posts/original-title')).statusCode).toBe(200);
    });

    it('stays unique when many posts with one title are created at once', async () => {
      const posts = await Promise.all(Array.from({ length: 12 }, () => createPost(app, token, { title: 'Same title', body: 'b' })));
      const slugs = posts.map((post) => post.slug).sort();
      expect(new Set(slugs).size).toBe(12);
      for (const slug of slugs) expect(slug).toMatch(/^same-title(-\d+)?$/);
    });
  });

  describe('list', () => {
    it('answers an array, newest first, also for posts made in the same millisecond', async () => {
      const made = [];
      for (let index = 1; index <= 6; index++) made.push(await createPost(app, token, { title: `Post ${index}`, body: 'b' }));
      const response = await get('/api/posts');
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBeUndefined();
      expect(response.json<Post[]>().map((post) => post.title)).toEqual(['Post 6', 'Post 5', 'Post 4', 'Post 3', 'Post 2', 'Post 1']);
      expect(response.json<Post[]>()).toEqual([...made].reverse());
    });

    it('sends the strict policy of a JSON API, not the pages\' one', async () => {
      const response = await get('/api/posts');
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers an empty array when there are no posts', async () => {
      const response = await get('/api/posts');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it('pages with page and limit, giving the total in X-Total-Count', async () => {
      for (let index = 1; index <= 12; index++) await createPost(app, token, { title: `Post ${index}`, body: 'b' });
      const titles = async (url: string) => {
        const response = await get(url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe('12');
        return response.json<Post[]>().map((post) => post.title);
      };
      expect(await titles('/api/posts?page=1&limit=5')).toEqual(['Post 12', 'Post 11', 'Post 10', 'Post 9', 'Post 8']);
      expect(await titles('/api/posts?page=2&limit=5')).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3']);
      expect(await titles('/api/posts?page=3&limit=5')).toEqual(['Post 2', 'Post 1']);
      expect(await titles('/api/posts?page=4&limit=5')).toEqual([]);
      expect(await titles('/api/posts?page=999999&limit=100')).toEqual([]);
      expect(await titles('/api/posts?page=2')).toHaveLength(5);
      expect(await titles('/api/posts?limit=3')).toEqual(['Post 12', 'Post 11', 'Post 10']);
    });

    it('exposes X-Total-Count to other origins allowed by CORS', async () => {
      const corsConfig = testConfig({ ...env, CORS_ORIGINS: 'https://other.test' });
      const corsApp = await buildApp(corsConfig);
      try {
        const response = await corsApp.inject({ method: 'GET', url: '/api/posts?page=1&limit=5', headers: { origin: 'https://other.test' } });
        expect(response.headers['x-total-count']).toBe('0');
        expect(response.headers['access-control-expose-headers']).toMatch(/X-Total-Count/i);
      } finally {
        await corsApp.close();
        removeDataDir(corsConfig);
      }
    });

    it.each(['page=0&limit=5', 'page=-1&limit=5', 'page=1&limit=0', 'page=1&limit=101', 'page=abc&limit=5', 'page=1.5&limit=5', 'page=1&limit=', 'page=1&page=2&limit=5', 'page=1&limit=1e400'])(
      'refuses ?%s with 400 and a message',
      async (query) => {
        const response = await get(`/api/posts?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: expect.stringMatching(/^(Page|Limit) .+\.$/) });
      },
    );
  });

  describe('read one', () => {
    it('finds a post by slug without a token, and by id only with one', async () => {
      const post = await createPost(app, token, { title: 'Readable', body: 'b' });
      expect((await get('/api/posts/readable')).json()).toEqual({ ...post, html: '<p>b</p>' });
      expect((await get(`/api/posts/id/${post._id}`)).statusCode).toBe(401);
      const byId = await get(`/api/posts/id/${post._id}`, bearer(token));
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(post);
    });

    it.each(['/api/posts/no-such-post', '/api/posts/UPPER', '/api/posts/%00', '/api/posts/a%2Fb', '/api/posts/%C3%A9t%C3%A9'])(
      'answers %s with 404 and a message',
      async (url) => {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Post not found.' });
      },
    );

    it.each(['00000000-0000-0000-0000-000000000000', '%00', 'a%20b', '%F0%9F%8E%89'])('answers id %s with 404', async (id) => {
      const response = await get(`/api/posts/id/${id}`, bearer(token));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Post not found.' });
    });

    it('answers an overlong slug or id with 404 too', async () => {
      for (const url of [`/api/posts/${'x'.repeat(500)}`, `/api/posts/id/${'x'.repeat(500)}`]) {
        const response = await get(url, bearer(token));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
    });

    it('serves a post whose slug is "id" at /api/posts/id', async () => {
      await createPost(app, token, { title: 'ID', body: 'b' });
      expect((await get('/api/posts/id')).json<Post>().title).toBe('ID');
    });
  });

  describe('update and delete', () => {
    it('updates title and content and answers 200 with the post', async () => {
      const post = await createPost(app, token, { title: 'Before', body: 'old' });
      const response = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'After', body: 'new' });
      expect(response.statusCode).toBe(200);
      const updated = response.json<Post>();
      expect(updated).toMatchObject({ _id: post._id, title: 'After', content: 'new', slug: 'before', createdAt: post.createdAt });
      expect(updated.updatedAt >= post.updatedAt).toBe(true);
      expect((await get(`/api/posts/id/${post._id}`, bearer(token))).json()).toEqual(updated);
    });

    it('refuses an update without title or body and keeps the post', async () => {
      const post = await createPost(app, token, { title: 'Keep me', body: 'kept' });
      const response = await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'x', body: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Body is required.' });
      expect((await get('/api/posts/keep-me')).json()).toEqual({ ...post, html: expect.any(String) });
    });

    it('answers 404 for an update or delete of an unknown post', async () => {
      const update = await sendPostForm(app, 'PUT', '/api/posts/00000000-0000-0000-0000-000000000000', token, { title: 't', body: 'b' });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ message: 'Post not found.' });
      const remove = await app.inject({ method: 'DELETE', url: '/api/posts/nope', headers: bearer(token) });
      expect(remove.statusCode).toBe(404);
      expect(remove.json()).toEqual({ message: 'Post not found.' });
    });

    it('deletes a post', async () => {
      const post = await createPost(app, token, { title: 'Doomed', body: 'b' });
      const response = await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect((await get('/api/posts/doomed')).statusCode).toBe(404);
      expect((await get('/api/posts')).json()).toEqual([]);
    });
  });

  describe('authentication', () => {
    const calls = () => [
      { method: 'GET' as const, url: '/api/posts/id/some-id' },
      { method: 'POST' as const, url: '/api/posts' },
      { method: 'PUT' as const, url: '/api/posts/some-id' },
      { method: 'DELETE' as const, url: '/api/posts/some-id' },
    ];
    const badHeaders: Record<string, Record<string, string>> = {
      'no token': {},
      'a malformed token': { authorization: 'Bearer not.a.token' },
      'another scheme': { authorization: 'Basic YWRtaW46cGFzc3dvcmQ=' },
      'a token signed with another key': {
        authorization:
          'Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4IiwiZW1haWwiOiJ4QHgueCIsInZlciI6MCwiaWF0IjoxLCJleHAiOjk5OTk5OTk5OTl9.c2lnbmF0dXJl',
      },
    };

    it.each(Object.keys(badHeaders))('refuses every protected call with %s: 401 and a message, nothing changed', async (name) => {
      const post = await createPost(app, token, { title: 'Protected', body: 'b' });
      for (const call of calls()) {
        const form = call.method === 'POST' || call.method === 'PUT' ? await multipart({ title: 'Hacked', body: 'x' }) : { headers: {} };
        const response = await app.inject({
          method: call.method,
          url: call.url.replace('some-id', post._id),
          ...form,
          headers: { ...form.headers, ...badHeaders[name] },
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
      expect((await get('/api/posts')).json()).toEqual([post]);
    });

    it('refuses a token of an account that no longer exists', async () => {
      const ghost = await app.tokens.sign({ id: 'ghost', email: 'ghost@agency.test', tokenVersion: 0 });
      const response = await sendPostForm(app, 'POST', '/api/posts', ghost, { title: 't', body: 'b' });
      expect(response.statusCode).toBe(401);
    });

    it('lists posts with or without a token, and refuses an invalid one rather than read uncached', async () => {
      await createPost(app, token, { title: 'Public', body: 'b' });
      expect((await get('/api/posts', bearer(token))).json()).toHaveLength(1);
      expect((await get('/api/posts')).json()).toHaveLength(1);
      expect((await get('/api/posts', { authorization: 'Bearer junk' })).statusCode).toBe(401);
    });
  });

  describe('caches', () => {
    it('clears rendered pages on every create, update and delete', async () => {
      const fill = () => app.contentCache.pages.set('/blog', 200, new EncodedBody('<html>stale</html>'), app.contentCache.pages.generation);
      const cached = () => app.contentCache.pages.get('/blog') !== undefined;
      fill();
      const post = await createPost(app, token, { title: 'Cache', body: 'b' });
      expect(cached()).toBe(false);
      fill();
      await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Cache 2', body: 'b' });
      expect(cached()).toBe(false);
      fill();
      await app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(token) });
      expect(cached()).toBe(false);
      fill();
      await sendPostForm(app, 'POST', '/api/posts', token, { title: '' });
      expect(cached()).toBe(true);
    });

    it('answers anonymous reads from memory until a post changes, and token reads fresh', async () => {
      const post = await createPost(app, token, { title: 'Cached read', body: 'first' });
      const urls = ['/api/posts', '/api/posts?page=1&limit=5', '/api/posts/cached-read'];
      const first = await Promise.all(urls.map((url) => get(url)));
      // A change behind the API's back is not seen by anonymous reads...
      await app.database.db.updateTable('posts').set({ content: 'changed quietly' }).execute();
      for (const [index, url] of urls.entries()) {
        const again = await get(url);
        expect(again.body).toBe(first[index]!.body);
        expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(again.headers['x-total-count']).toBe(first[index]!.headers['x-total-count']);
      }
      // ...but is by the dashboard, which sends its token.
      expect((await get('/api/posts/cached-read', bearer(token))).json<Post>().content).toBe('changed quietly');
      // A change through the API clears the cache at once.
      await sendPostForm(app, 'PUT', `/api/posts/${post._id}`, token, { title: 'Cached read', body: 'edited' });
      for (const url of urls) expect((await get(url)).body).toContain('edited');
    });

    it('compresses a cached read once per encoding, and the same bytes come back', async () => {
      for (let index = 1; index <= 5; index++) await createPost(app, token, { title: `Long ${index}`, body: 'Words to compress. '.repeat(200) });
      const plain = await get('/api/posts?page=1&limit=5');
      for (const [encoding, decode] of [
        ['br', zlib.brotliDecompressSync],
        ['gzip', zlib.gunzipSync],
      ] as const) {
        const first = await get('/api/posts?page=1&limit=5', { 'accept-encoding': `${encoding}, identity` });
        const again = await get('/api/posts?page=1&limit=5', { 'accept-encoding': `${encoding}, identity` });
        expect(first.headers['content-encoding']).toBe(encoding);
        expect(first.headers.vary).toMatch(/Accept-Encoding/i);
        expect(first.headers['x-total-count']).toBe('5');
        expect(decode(first.rawPayload).toString()).toBe(plain.body);
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      }
      // The dashboard's fresh reads are compressed as well.
      const withToken = await get('/api/posts?page=1&limit=5', { ...bearer(token), 'accept-encoding': 'gzip' });
      expect(withToken.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(withToken.rawPayload).toString()).toBe(plain.body);
    });

    it('can be turned off', async () => {
      const uncachedConfig = testConfig({ ...env, PAGE_CACHE_SECONDS: '0' });
      const uncached = await buildApp(uncachedConfig);
      try {
        const admin = await adminToken(uncached);
        await createPost(uncached, admin, { title: 'Fresh', body: 'first' });
        await uncached.inject({ method: 'GET', url: '/api/posts/fresh' });
        await uncached.database.db.updateTable('posts').set({ content: 'second' }).execute();
        expect((await uncached.inject({ method: 'GET', url: '/api/posts/fresh' })).json<Post>().content).toBe('second');
      } finally {
        await uncached.close();
        removeDataDir(uncachedConfig);
      }
    });
  });
});
