import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import type { Post } from '../../../shared/api-types';
import styles from './tag-links.module.css';

/**
 * A post's tags as links to their pages, at the slugs the server made (the slug rule's
 * transliteration table would weigh on every blog page). A server that predates tags sends
 * neither, and then nothing shows.
 */
export function TagLinks({ post, className }: { post: Pick<Post, 'tags' | 'tagSlugs'>; className?: string }) {
  const slugs = post.tagSlugs ?? [];
  const linked = (post.tags ?? []).flatMap((name, index) => (slugs[index] ? [{ name, slug: slugs[index] }] : []));
  if (linked.length === 0) return null;
  return (
    <ul className={className ? `${styles.tags} ${className}` : styles.tags} aria-label="Tags">
      {linked.map(({ name, slug }) => (
        <li key={slug}>
          <Link className={styles.tag} to={paths.blogTag(slug)}>
            {name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** '{n} min read' when the server sent the reading time (another server may not). */
export function readingTimeText(minutes: number | undefined): string | null {
  return typeof minutes === 'number' && minutes > 0 ? `${minutes} min read` : null;
}
