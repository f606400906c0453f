// The posts feature's public entry: the posts API and how a post's image is drawn.
export { postsApi, useGetPostsPageQuery, useGetPostBySlugQuery, type PostsPage, type PostsPageArgs } from './postsApi';
export { PostImage, postImageSrcSet, type PostImageProps } from './PostImage';
