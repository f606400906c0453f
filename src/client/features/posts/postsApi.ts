import { TOTAL_COUNT_HEADER, type Post } from '../../../shared/api-types';
import { baseApi } from '../../app/api';

export interface PostsPageArgs {
  page: number;
  limit: number;
}

/** One page of posts. `total` is null when the server sent the whole list without a count. */
export interface PostsPage {
  posts: Post[];
  total: number | null;
}

/** The posts queries every reader of posts shares: the blog, its server rendering, the dashboard. */
export const postsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPostsPage: build.query<PostsPage, PostsPageArgs>({
      query: ({ page, limit }) => ({ url: '/api/posts', params: { page, limit } }),
      transformResponse: (posts: unknown, meta) => {
        if (!Array.isArray(posts)) throw new Error('Malformed posts list');
        const header = meta?.response?.headers.get(TOTAL_COUNT_HEADER);
        return { posts: posts as Post[], total: header === null || header === undefined ? null : Number(header) };
      },
      providesTags: (result) => [
        { type: 'Post' as const, id: 'LIST' },
        ...(result?.posts.map((post) => ({ type: 'Post' as const, id: post._id })) ?? []),
      ],
    }),
    getPostBySlug: build.query<Post, string>({
      query: (slug) => `/api/posts/${encodeURIComponent(slug)}`,
      providesTags: (result) => (result ? [{ type: 'Post' as const, id: result._id }] : []),
    }),
  }),
});

export const { useGetPostsPageQuery, useGetPostBySlugQuery } = postsApi;
