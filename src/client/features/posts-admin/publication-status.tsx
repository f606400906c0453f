import type { Post } from '../../../shared/api-types';
import { dayFormat, statusOf, zonedMoment } from './publication';
import styles from './publication-status.module.css';

/**
 * Where a post stands: 'Draft', 'Scheduled for {date and time} ({zone})' or 'Published' with its
 * date, in the owner's time zone.
 */
export function PublicationStatus({ post }: { post: Pick<Post, 'status' | 'publishedAt'> }) {
  const status = statusOf(post);
  const at = post.publishedAt ? new Date(post.publishedAt) : null;
  const when = at && !Number.isNaN(at.getTime()) ? { iso: post.publishedAt!, date: at } : null;
  if (status === 'draft') return <span className={`${styles.badge} ${styles.badgeDraft}`}>Draft</span>;
  if (status === 'scheduled') {
    return (
      <span className={`${styles.badge} ${styles.badgeScheduled}`}>
        Scheduled for {when ? <time dateTime={when.iso}>{zonedMoment(when.date)}</time> : 'later'}
      </span>
    );
  }
  return (
    <>
      <span className={`${styles.badge} ${styles.badgePublished}`}>Published</span>
      {when ? (
        <>
          {' '}
          <time dateTime={when.iso}>{dayFormat.format(when.date)}</time>
        </>
      ) : null}
    </>
  );
}
