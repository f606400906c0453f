import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import type { PostCard as PostCardData } from '../../../shared/api-types';
import { PostImage } from '../posts';
import { blogCopy } from './blog-copy';
import styles from './post-card.module.css';
import { readingTimeText, TagLinks } from './tag-links';
import { usePostText } from './use-post-text';

/** A post in the blog list: image when there is one, title, 40-word summary, then reading time and tags, Read More. */
export function PostCard({ post, priority = false }: { post: PostCardData; priority?: boolean }) {
  const { summary } = usePostText(post);
  const readingTime = readingTimeText(post.readingMinutes);
  return (
    <article className={styles.card}>
      {post.imageUrl ? (
        <PostImage className={styles.image} imageUrl={post.imageUrl} sizes="(min-width: 72rem) 22rem, (min-width: 48rem) 45vw, 100vw" priority={priority} alt={post.imageAlt ?? ''} />
      ) : null}
      <div className={styles.body}>
        <h2 className={styles.title}>{post.title}</h2>
        <p className={styles.summary}>{summary}</p>
        {readingTime ? <p className={styles.meta}>{readingTime}</p> : null}
        <TagLinks post={post} className={styles.tags} />
        <Link className={styles.more} to={paths.blogPost(post.slug)}>
          {blogCopy.readMore}
          <span className="visually-hidden"> about {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
