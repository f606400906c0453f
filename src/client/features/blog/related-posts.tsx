import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { useGetRelatedPostsQuery } from '../posts';
import { readingTimeText } from './tag-links';
import styles from './blog-post-page.module.css';

/**
 * Up to three posts sharing the most tags with this one (then the newest), at the end of its
 * page. Nothing shows while they load, when none relates, or when the call fails: the post is
 * the page, these are a way on.
 */
export function RelatedPosts({ slug }: { slug: string }) {
  const { currentData: posts } = useGetRelatedPostsQuery(slug);
  if (!posts || posts.length === 0) return null;
  return (
    <section className={`container ${styles.related}`} aria-labelledby="related-posts">
      <h2 id="related-posts">Related posts</h2>
      <ul className={styles.relatedList}>
        {posts.map((post) => {
          const readingTime = readingTimeText(post.readingMinutes);
          return (
            <li key={post._id} className={styles.relatedItem}>
              <h3 className={styles.relatedTitle}>
                <Link to={paths.blogPost(post.slug)}>{post.title}</Link>
              </h3>
              {readingTime ? <p className={styles.relatedMeta}>{readingTime}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
