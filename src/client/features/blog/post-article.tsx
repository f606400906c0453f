import { createElement, type ReactNode } from 'react';
import type { Post } from '../../../shared/api-types';
import { LazyMarkdown } from '../../components/markdown/lazy-markdown';
import { StoredMarkdown } from '../../components/markdown/stored-markdown';
import { PostImage } from '../posts';
import { readingTimeText, TagLinks } from './tag-links';
import styles from './blog-post-page.module.css';

export interface PostArticleProps {
  post: Post;
  /** What comes before the title inside the article: the page's metadata, a way back. */
  children?: ReactNode;
}

/**
 * A post as its page shows it: title, reading time and tags, image and the markdown body. The post page and the
 * administrator's preview both draw it, so that a preview is what visitors will see.
 */
export function PostArticle({ post, children }: PostArticleProps) {
  const readingTime = readingTimeText(post.readingMinutes);
  const leading: ReactNode[] = children === undefined ? [] : Array.isArray(children) ? children : [children];
  // The leading children become children of the article in their own right, not one nested
  // list: the tree keeps the shape the post page always had, so its server HTML (the id that
  // LazyMarkdown takes from its place in the tree included) stays what it was.
  return createElement(
    'article',
    { className: `container ${styles.page}` },
    ...leading,
    <header className={styles.header}>
      <h1 className={styles.title}>{post.title}</h1>
      {readingTime ? <p className={styles.meta}>{readingTime}</p> : null}
      <TagLinks post={post} className={styles.tags} />
    </header>,
    post.imageUrl ? <PostImage className={styles.image} imageUrl={post.imageUrl} sizes="(min-width: 52rem) 48rem, 100vw" priority alt={post.imageAlt ?? ''} /> : null,
    // This site's server sends a post's stored HTML; the administrator's preview of unsaved text
    // (or another server) has only the markdown, which the lazily loaded renderer draws.
    post.html !== undefined ? <StoredMarkdown className={styles.content} html={post.html} postId={post._id} /> : <LazyMarkdown className={styles.content} content={post.content ?? ''} />,
  );
}
