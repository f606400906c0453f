// The posts feature's public entry: the posts API and how a post's image is drawn.
export {
  postsApi,
  useGetPostsPageQuery,
  useGetPostBySlugQuery,
  useGetTagQuery,
  useGetRelatedPostsQuery,
  useSearchPostsQuery,
  type PostsPage,
  type PostsPageArgs,
  type SearchArgs,
} from './postsApi';
export { PostImage, postImageSrcSet, type PostImageProps } from './PostImage';
