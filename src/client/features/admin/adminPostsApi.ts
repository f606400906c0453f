import type { Post } from '../../../shared/api-types';
import { baseApi } from '../../app/api';
import { postsApi } from '../posts/postsApi';

/** What the editor sends (spec 7: multipart title, body and an optional image). */
export interface PostDraftPayload {
  title: string;
  body: string;
  image?: File | null;
}

/** A post as the by-id call may answer it: an older server sends `body` instead of `content` (spec 3). */
export type EditablePost = Omit<Post, 'content'> & { content?: string | null; body?: string | null };

function multipart({ title, body, image }: PostDraftPayload): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('body', body);
  if (image) form.append('image', image, image.name);
  return form;
}

const list = { type: 'Post' as const, id: 'LIST' };

/** The administrator's posts calls, beside the blog's queries: every change refreshes the lists and the post. */
export const adminPostsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPostById: build.query<EditablePost, string>({
      query: (id) => `/api/posts/id/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Post', id }],
      // The editor must start from what is stored now, not from a copy left by an earlier visit.
      keepUnusedDataFor: 0,
    }),
    createPost: build.mutation<Post, PostDraftPayload>({
      query: (payload) => ({ url: '/api/posts', method: 'POST', body: multipart(payload) }),
      invalidatesTags: (_result, error) => (error ? [] : [list]),
    }),
    updatePost: build.mutation<Post, PostDraftPayload & { id: string }>({
      query: ({ id, ...payload }) => ({ url: `/api/posts/${encodeURIComponent(id)}`, method: 'PUT', body: multipart(payload) }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [list, { type: 'Post', id }]),
    }),
    deletePost: build.mutation<void, string>({
      query: (id) => ({ url: `/api/posts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [list, { type: 'Post', id }]),
      // The post leaves every cached page at once; the refetch that follows brings the totals.
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        for (const { endpointName, originalArgs } of postsApi.util.selectInvalidatedBy(getState(), [list])) {
          if (endpointName !== 'getPostsPage') continue;
          dispatch(
            postsApi.util.updateQueryData('getPostsPage', originalArgs, (page) => {
              page.posts = page.posts.filter((post) => post._id !== id);
            }),
          );
        }
      },
    }),
  }),
});

export const { useGetPostByIdQuery, useCreatePostMutation, useUpdatePostMutation, useDeletePostMutation } = adminPostsApi;
