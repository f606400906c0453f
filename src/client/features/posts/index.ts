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
  type SearchArgs,
} from './posts-api';
export { PostImage, postImageSrcSet, type PostImageProps } from './post-image';
