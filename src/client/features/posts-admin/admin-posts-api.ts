import { TOTAL_COUNT_HEADER, type Post, type PostCounts, type PostRevision, type PostStatus, type TagSummary } from '../../../shared/api-types';
import { baseApi } from '../../lib/api/base-api';
import { uploadWithProgress, type UploadProgress } from '../../lib/api/upload-with-progress';
import { postsApi, postsListTag, readPostsList, toPostsPage, type PostsPage, type PostsPageArgs } from '../posts';

/** What the editor sends (multipart title, body and an optional image: docs/product.md#writes). */
export interface PostDraftPayload {
  title: string;
  body: string;
  image?: File | null;
  /** Left out, an update keeps the post's state and a new post is published at once. */
  status?: PostStatus;
  /** ISO 8601 with an offset; a future time schedules the post, a past one publishes it now. */
  publishAt?: string;
  /** The post's tags; the editor always sends them (an empty list clears them), left out they stay as they are. */
  tags?: readonly string[];
  /** The search and share fields; left out they stay as they are, empty they are cleared. */
  description?: string;
  imageAlt?: string;
  /** A new address under /blog/; left out it stays (the old address then redirects to the new). */
  slug?: string;
}

/** `POST /api/images`: the stored image's address and the size of its largest version. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** An image to upload, and who is told how far the upload is. */
interface ImageUpload {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** A post as a server of the original contract may send it: its markdown as `body`, not `content` (docs/product.md#editor). */
export type StoredPost = Omit<Post, 'content'> & { content?: string | null; body?: string | null };

/**
 * The post with its markdown as `content`, whichever name the server gave it: the by-id call's
 * answer, normalised here so that the editor and the preview read one shape. (Here rather than
 * beside the visitors' calls: what the admin chunk uses of a module the blog's pages load, those
 * pages carry too.)
 */
export function withContent({ body, ...post }: StoredPost): Post {
  return { ...post, content: post.content ?? body ?? '' };
}

/** A page of the owner's list: every post, or those of one status. */
interface AdminPostsPageArgs extends PostsPageArgs {
  status?: PostStatus;
  /** Words the title or text must hold; the server searches every status for the owner. */
  q?: string;
}

function multipart({ title, body, image, status, publishAt, tags, description, imageAlt, slug }: PostDraftPayload): FormData {
  const form = new FormData();
  form.append('title', title);
  form.append('body', body);
  // A tag holds no comma (the editor refuses one), so the comma-separated field reads back as the list.
  if (tags) form.append('tags', tags.join(','));
  if (description !== undefined) form.append('description', description);
  if (imageAlt !== undefined) form.append('imageAlt', imageAlt);
  if (status) form.append('status', status);
  if (publishAt) form.append('publishAt', publishAt);
  if (slug !== undefined) form.append('slug', slug);
  if (image) form.append('image', image, image.name);
  return form;
}

// The posts' one tag type: the counts and a post's history are ids of their own.
const list = postsListTag;
const post = (id: string) => ({ type: 'Post' as const, id });
const counts = { type: 'Post' as const, id: 'COUNTS' };
const revisions = (id: string) => ({ type: 'Post' as const, id: `REVISIONS:${id}` });
/** What any write to one post changes: where it is listed, the counts, the post, its history. */
const touched = (id: string) => [list, counts, post(id), revisions(id)];

/**
 * The administrator's posts calls, beside the blog's queries (which are anonymous): the owner's
 * list of every status, the counts, a post by id and its history, and the writes. Every write
 * refreshes the lists, the counts, the post and its history, so no page shows what was before.
 */
const adminPostsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminPostsPage: build.query<PostsPage<Post>, AdminPostsPageArgs>({
      query: ({ page, limit, status, q }) => ({
        url: '/api/posts',
        params: { page, limit, ...(status ? { status } : {}), ...(q ? { q } : {}) },
        responseHandler: readPostsList,
      }),
      transformResponse: (body: unknown, meta, args) => toPostsPage<Post>(body, meta?.response?.headers.get(TOTAL_COUNT_HEADER), args),
      providesTags: (result) => [list, ...(result?.posts.map((one) => post(one._id)) ?? [])],
    }),
    getPostCounts: build.query<PostCounts, void>({
      query: () => '/api/post-counts',
      providesTags: [counts],
    }),
    /** Every tag in use, drafts' included (the token asks for them), most used first: the editor's suggestions. */
    getTagSuggestions: build.query<TagSummary[], void>({
      query: () => '/api/tags',
      providesTags: [list],
    }),
    getPostById: build.query<Post, string>({
      query: (id) => `/api/posts/id/${encodeURIComponent(id)}`,
      transformResponse: (stored: StoredPost) => withContent(stored),
      providesTags: (_result, _error, id) => [post(id)],
      // The editor must start from what is stored now, not from a copy left by an earlier visit.
      keepUnusedDataFor: 0,
    }),
    getRevisions: build.query<PostRevision[], string>({
      query: (id) => `/api/posts/id/${encodeURIComponent(id)}/revisions`,
      providesTags: (_result, _error, id) => [revisions(id)],
      keepUnusedDataFor: 0,
    }),
    /**
     * An image for a post's content (`POST /api/images`); nothing names it until the post is
     * saved. Sent with XMLHttpRequest, whose upload reports progress (fetch's does not).
     */
    uploadImage: build.mutation<UploadedImage, ImageUpload>({
      queryFn: ({ file, onProgress }, api) => {
        const form = new FormData();
        form.append('image', file, file.name);
        return uploadWithProgress<UploadedImage>({ url: '/api/images', body: form, ...(onProgress ? { onProgress } : {}) }, api);
      },
    }),
    createPost: build.mutation<Post, PostDraftPayload>({
      query: (payload) => ({ url: '/api/posts', method: 'POST', body: multipart(payload) }),
      invalidatesTags: (_result, error) => (error ? [] : [list, counts]),
    }),
    updatePost: build.mutation<Post, PostDraftPayload & { id: string }>({
      query: ({ id, ...payload }) => ({ url: `/api/posts/${encodeURIComponent(id)}`, method: 'PUT', body: multipart(payload) }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : touched(id)),
    }),
    restoreRevision: build.mutation<Post, { id: string; revisionId: string }>({
      query: ({ id, revisionId }) => ({
        url: `/api/posts/id/${encodeURIComponent(id)}/revisions/${encodeURIComponent(revisionId)}/restore`,
        method: 'POST',
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : touched(id)),
    }),
    deletePost: build.mutation<void, string>({
      query: (id) => ({ url: `/api/posts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : touched(id)),
      // The post leaves every cached page at once, the owner's and the blog's; the refetch that
      // follows brings the totals and the counts.
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        const drop = (page: PostsPage) => {
          page.posts = page.posts.filter((one) => one._id !== id);
        };
        for (const { endpointName, originalArgs } of adminPostsApi.util.selectInvalidatedBy(getState(), [list])) {
          if (endpointName === 'getAdminPostsPage') dispatch(adminPostsApi.util.updateQueryData('getAdminPostsPage', originalArgs as AdminPostsPageArgs, drop));
          if (endpointName === 'getPostsPage') dispatch(postsApi.util.updateQueryData('getPostsPage', originalArgs as PostsPageArgs, drop));
        }
      },
    }),
  }),
});

export const {
  useGetAdminPostsPageQuery,
  useGetPostCountsQuery,
  useGetTagSuggestionsQuery,
  useGetPostByIdQuery,
  useGetRevisionsQuery,
  useCreatePostMutation,
  useUploadImageMutation,
  useUpdatePostMutation,
  useRestoreRevisionMutation,
  useDeletePostMutation,
} = adminPostsApi;
