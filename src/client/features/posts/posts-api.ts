import { CARD_VIEW, TOTAL_COUNT_HEADER, type Post, type PostCard, type SearchPage, type TagSummary } from '../../../shared/api-types';
import { baseApi } from '../../lib/api/base-api';

export interface PostsPageArgs {
  /** 1-based. */
  page: number;
  limit: number;
  /** A tag's slug: only the posts carrying that tag (`?tag=`). */
  tag?: string;
}

/** One page of a search of the published posts (`GET /api/search?q=&page=`). */
export interface SearchArgs {
  q: string;
  /** 1-based. */
  page: number;
}

/** One page of posts (cards on the blog, whole posts on the dashboard) and the number of posts in all. */
export interface PostsPage<P extends PostCard = PostCard> {
  /** The blog's lists never read a post's markdown, so they ask for cards, without it. */
  posts: P[];
  total: number;
  /**
   * False when the server ignored the paging and sent the whole list without `X-Total-Count`
   * (docs/product.md#paging): the page was then cut from the whole array in the browser.
   */
  pagedByServer: boolean;
}

/** The one test of a post in a list, the blog's or the owner's. */
function isPost(value: unknown): value is PostCard {
  if (typeof value !== 'object' || value === null) return false;
  const post = value as Record<string, unknown>;
  return typeof post._id === 'string' && typeof post.slug === 'string' && typeof post.title === 'string';
}

/**
 * Reads a list of posts and refuses a malformed one here, where RTK Query treats the refusal as an
 * ordinary failed request; thrown later, in transformResponse, it would be reported as a bug.
 */
export async function readPostsList(response: Response): Promise<unknown> {
  const body: unknown = await response.json();
  if (response.ok && !(Array.isArray(body) && body.every(isPost))) throw new Error('Malformed posts list');
  return body;
}

/**
 * Turns the answer to `GET /api/posts?page=&limit=` into one page, whichever way the server paged:
 * a server of the original contract sends the whole list without `X-Total-Count`, and the page is
 * then cut here, so that no list has to know.
 */
export function toPostsPage<P extends PostCard = PostCard>(body: unknown, totalHeader: string | null | undefined, { page, limit }: PostsPageArgs): PostsPage<P> {
  // The contract: anything but an array is malformed.
  if (!Array.isArray(body) || !body.every(isPost)) throw new Error('Malformed posts list');
  const posts = body as P[];
  const total = totalHeader === null || totalHeader === undefined || totalHeader.trim() === '' ? NaN : Number(totalHeader);
  if (Number.isInteger(total) && total >= 0) return { posts, total, pagedByServer: true };
  const start = (page - 1) * limit;
  return { posts: posts.slice(start, start + limit), total: posts.length, pagedByServer: false };
}

// One tag type for every posts query, the visitors' and the owner's (`Post`, with a post's id or
// the list's). Tags, related posts and
// search results all derive from the published posts: any write to a post may change them, and
// every write invalidates the list, so they hang on the list's tag.
export const postsListTag = { type: 'Post' as const, id: 'LIST' };
const list = postsListTag;
const postsOf = (posts: readonly Pick<Post, '_id'>[] | undefined) => posts?.map((post) => ({ type: 'Post' as const, id: post._id })) ?? [];

/** The public posts queries: the blog and its server rendering (the dashboard has the owner's list). */
export const postsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPostsPage: build.query<PostsPage, PostsPageArgs>({
      query: ({ page, limit, tag }) => ({ url: '/api/posts', params: { page, limit, ...(tag ? { tag } : {}), view: CARD_VIEW }, responseHandler: readPostsList }),
      // Without the token the server answers what visitors see: a signed-in owner reading the
      // blog sees no drafts there, and the answer can come from the server's read cache.
      extraOptions: { anonymous: true },
      transformResponse: (body: unknown, meta, args) => toPostsPage(body, meta?.response?.headers.get(TOTAL_COUNT_HEADER), args),
      providesTags: (result) => [list, ...postsOf(result?.posts)],
    }),
    getPostBySlug: build.query<Post, string>({
      query: (slug) => `/api/posts/${encodeURIComponent(slug)}`,
      // What visitors see, whoever reads: a signed-in owner's token has nothing to add here.
      extraOptions: { anonymous: true },
      providesTags: (result) => (result ? [{ type: 'Post' as const, id: result._id }] : []),
    }),
    /** A tag with its published posts' count; 404 when no published post carries it. */
    getTag: build.query<TagSummary, string>({
      query: (slug) => `/api/tags/${encodeURIComponent(slug)}`,
      extraOptions: { anonymous: true },
      providesTags: [list],
    }),
    /** Up to three published posts sharing the most tags with this one. */
    getRelatedPosts: build.query<PostCard[], string>({
      query: (slug) => ({ url: `/api/posts/${encodeURIComponent(slug)}/related`, params: { view: CARD_VIEW }, responseHandler: readPostsList }),
      extraOptions: { anonymous: true },
      providesTags: (result) => [list, ...postsOf(result)],
    }),
    searchPosts: build.query<SearchPage, SearchArgs>({
      query: ({ q, page }) => ({ url: '/api/search', params: { q, page, view: CARD_VIEW } }),
      extraOptions: { anonymous: true },
      providesTags: (result) => [list, ...postsOf(result?.results.map((found) => found.post))],
    }),
  }),
});

export const { useGetPostsPageQuery, useGetPostBySlugQuery, useGetTagQuery, useGetRelatedPostsQuery, useSearchPostsQuery } = postsApi;
