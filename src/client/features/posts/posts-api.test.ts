import { INJECT_BASE_URL } from '../../../server/render/inject-fetch';
import type { Post } from '../../../shared/api-types';
import { makeStore } from '../../lib/store/store';
import { adminToken, createPost } from '../../../../test/support/posts-api';
import { withRealApi } from '../../../../test/support/real-api';
import { postsApi, toPostsPage } from './posts-api';

// Component and store tests reach the real API in-process: buildApp plus injectFetch.
const api = withRealApi();

const post = (i: number): Post => ({ _id: `id${i}`, title: `T${i}`, content: `C${i}`, slug: `s${i}`, imageUrl: null, createdAt: '', updatedAt: '', status: 'published', publishedAt: '', tags: [] });

it('reaches the real server from jsdom and reports its errors', async () => {
  const store = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn: api.fetch });
  const result = await store.dispatch(postsApi.endpoints.getPostBySlug.initiate('no-such-post'));
  expect(result.error).toMatchObject({ status: 404, data: { message: expect.any(String) } });
});

it('asks the server for one page and reads the total from X-Total-Count', async () => {
  for (let i = 1; i <= 7; i += 1) {
    const at = new Date(Date.UTC(2024, 0, i)).toISOString();
    await api.app.database.db
      .insertInto('posts')
      .values({ id: `paged-${i}`, title: `Paged ${i}`, content: `Body ${i}`, slug: `paged-${i}`, image_key: null, published_at: at, created_at: at, updated_at: at })
      .execute();
  }
  const store = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn: api.fetch });
  const result = await store.dispatch(postsApi.endpoints.getPostsPage.initiate({ page: 2, limit: 5 }));
  expect(result.data?.total).toBe(7);
  expect(result.data?.pagedByServer).toBe(true);
  expect(result.data?.posts.map((p) => p.title)).toEqual(['Paged 2', 'Paged 1']);
});

it('pages the whole array itself when a server sends no X-Total-Count', async () => {
  const all = Array.from({ length: 12 }, (_, i) => post(i + 1));
  const requested: string[] = [];
  // Another server honouring only the API contract (docs/product.md#posts-api): the whole array, no count, no paging.
  const otherServer: typeof fetch = async (input) => {
    requested.push(new Request(input).url);
    return new Response(JSON.stringify(all), { headers: { 'content-type': 'application/json' } });
  };
  const store = makeStore({ apiBaseUrl: 'https://other.example', fetchFn: otherServer });
  const page3 = await store.dispatch(postsApi.endpoints.getPostsPage.initiate({ page: 3, limit: 5 }));
  expect(page3.data).toEqual({ posts: all.slice(10, 12), total: 12, pagedByServer: false });
  // It ignores `view=card` too, and the cards are drawn from the whole posts it sends.
  expect(requested).toEqual(['https://other.example/api/posts?page=3&limit=5&view=card']);
});

it('treats anything but an array of posts as malformed', async () => {
  for (const body of [{ posts: [] }, null, 'text', [{ title: 'no id or slug' }]]) {
    const store = makeStore({ apiBaseUrl: 'https://other.example', fetchFn: async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }) });
    const result = await store.dispatch(postsApi.endpoints.getPostsPage.initiate({ page: 1, limit: 5 }));
    expect(result.isError).toBe(true);
  }
});

it('asks for the blog’s list without the token, so a signed-in owner sees what visitors see', async () => {
  await api.app.database.db.deleteFrom('posts').execute();
  api.app.contentCache.drop();
  const token = await adminToken(api.app);
  await createPost(api.app, token, { title: 'Out in the open', body: 'b' });
  await createPost(api.app, token, { title: 'Still a draft', body: 'b', status: 'draft' });
  await createPost(api.app, token, { title: 'Not due yet', body: 'b', publishAt: new Date(Date.now() + 86_400_000).toISOString() });
  const authorizations: (string | null)[] = [];
  const watched: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    authorizations.push(request.headers.get('authorization'));
    return api.fetch(request);
  };
  const store = makeStore({ apiBaseUrl: INJECT_BASE_URL, fetchFn: watched, getToken: () => token });
  const result = await store.dispatch(postsApi.endpoints.getPostsPage.initiate({ page: 1, limit: 5 }));
  expect(result.data?.posts.map((p) => p.title)).toEqual(['Out in the open']);
  expect(result.data?.total).toBe(1);
  expect(authorizations).toEqual([null]);
});

describe('toPostsPage', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => post(i + 1));

  it('takes a page the server cut as it is', () => {
    expect(toPostsPage(twelve.slice(0, 5), '12', { page: 1, limit: 5 })).toEqual({ posts: twelve.slice(0, 5), total: 12, pagedByServer: true });
  });

  it('cuts the page from the whole list without a usable count', () => {
    for (const header of [null, undefined, '', 'many', '-1']) {
      expect(toPostsPage(twelve, header, { page: 2, limit: 5 })).toEqual({ posts: twelve.slice(5, 10), total: 12, pagedByServer: false });
    }
    expect(toPostsPage(twelve, null, { page: 9, limit: 5 }).posts).toEqual([]);
  });
});
