// The posts feature's public entry: the posts API and how a post's image is drawn.
export {
  postsApi,
  useGetPostsPageQuery,
  useGetPostBySlugQuery,
  useGetTagQuery,
  useGetRelatedPostsQuery,
  useSearchPostsQuery,
  postsListTag,
  readPostsList,
  toPostsPage,
  type PostsPage,
  type PostsPageArgs,
} from './posts-api';
export { PostImage } from './post-image';
