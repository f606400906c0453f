import { TOTAL_COUNT_HEADER, type Post } from '../../../shared/api-types';
import { baseApi } from '../../lib/api/base-api';

export interface PostsPageArgs {
  /** 1-based. */
  page: number;
  limit: number;
}

/** One page of posts and the number of posts in all. */
export interface PostsPage {
  posts: Post[];
  total: number;
  /**
   * False when the server ignored the paging and sent the whole list without `X-Total-Count`
   * (docs/product.md#paging): the page was then cut from the whole array in the browser.
   */
  pagedByServer: boolean;
}

function isPost(value: unknown): value is Post {
  if (typeof value !== 'object' || value === null) return false;
  const post = value as Record<string, unknown>;
  return typeof post._id === 'string' && typeof post.slug === 'string' && typeof post.title === 'string';
}

/**
 * Reads the list and refuses a malformed one here, where RTK Query treats the refusal as an
 * ordinary failed request; thrown later, in transformResponse, it would be reported as a bug.
 */
async function readPostsList(response: Response): Promise<unknown> {
  const body: unknown = await response.json();
  if (response.ok && !(Array.isArray(body) && body.every(isPost))) throw new Error('Malformed posts list');
  return body;
}

/** Turns the answer to `GET /api/posts?page=&limit=` into one page, whichever way the server paged. */
export function toPostsPage(body: unknown, totalHeader: string | null | undefined, { page, limit }: PostsPageArgs): PostsPage {
  // The spec (7): anything but an array is malformed.
  if (!Array.isArray(body) || !body.every(isPost)) throw new Error('Malformed posts list');
  const posts = body;
  const total = totalHeader === null || totalHeader === undefined || totalHeader.trim() === '' ? NaN : Number(totalHeader);
  if (Number.isInteger(total) && total >= 0) return { posts, total, pagedByServer: true };
  const start = (page - 1) * limit;
  return { posts: posts.slice(start, start + limit), total: posts.length, pagedByServer: false };
}

/** The public posts queries: the blog and its server rendering (the dashboard has the owner's list). */
export const postsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPostsPage: build.query<PostsPage, PostsPageArgs>({
      query: ({ page, limit }) => ({ url: '/api/posts', params: { page, limit }, responseHandler: readPostsList }),
      // Without the token the server answers what visitors see: a signed-in owner reading the
      // blog sees no drafts there, and the answer can come from the server's read cache.
      extraOptions: { anonymous: true },
      transformResponse: (body: unknown, meta, args) => toPostsPage(body, meta?.response?.headers.get(TOTAL_COUNT_HEADER), args),
      providesTags: (result) => [
        { type: 'Post' as const, id: 'LIST' },
        ...(result?.posts.map((post) => ({ type: 'Post' as const, id: post._id })) ?? []),
      ],
    }),
    getPostBySlug: build.query<Post, string>({
      query: (slug) => `/api/posts/${encodeURIComponent(slug)}`,
      // What visitors see, whoever reads: a signed-in owner's token has nothing to add here.
      extraOptions: { anonymous: true },
      providesTags: (result) => (result ? [{ type: 'Post' as const, id: result._id }] : []),
    }),
  }),
});

export const { useGetPostsPageQuery, useGetPostBySlugQuery } = postsApi;
