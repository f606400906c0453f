import type { PostCard as PostCardData } from '../../../shared/api-types';
import { blogCopy } from './blog-copy';
import { PostCard } from './post-card';
import styles from './blog-list-page.module.css';

export interface PostCardListProps {
  /** Undefined while the page loads. */
  posts: PostCardData[] | undefined;
  failed: boolean;
  /** What an empty list says. */
  emptyText: string;
}

/** A page of post cards, or what stands in for them: the failure, 'Loading...', the empty text. */
export function PostCardList({ posts, failed, emptyText }: PostCardListProps) {
  if (failed) {
    return (
      <p role="alert" className={styles.error}>
        {blogCopy.listFailed}
      </p>
    );
  }
  if (posts === undefined) {
    return (
      <p role="status" className={styles.status}>
        {blogCopy.loading}
      </p>
    );
  }
  if (posts.length === 0) return <p className={styles.status}>{emptyText}</p>;
  return (
    <ul className={styles.posts}>
      {posts.map((post, index) => (
        <li key={post._id}>
          <PostCard post={post} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
