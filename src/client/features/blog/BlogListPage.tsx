import type { PrefetchContext } from '../../lib/page-module';
import { Seo } from '../../components/seo/Seo';
import { blogCopy } from './blog-copy';
import { PostCard } from './PostCard';
import { Pager } from './Pager';
import { requestedPage, searchForPage } from './pager';
import { prefetchBlogPage, useBlogPage } from './useBlogPage';
import styles from './BlogListPage.module.css';

export async function prefetch({ store, searchParams }: PrefetchContext): Promise<void> {
  await prefetchBlogPage(store, requestedPage(searchParams.get('page')));
}

/** The canonical address of a page names no other parameter. */
const pageSearch = (page: number) => searchForPage(new URLSearchParams(), page);

export default function BlogListPage() {
  const { pager, goTo, posts, failed } = useBlogPage();
  const shownPage = pager.page;

  return (
    <div className={`container ${styles.page}`}>
      <Seo
        title={shownPage > 1 ? `Blog, page ${shownPage}` : 'Blog'}
        description={`${blogCopy.subtitle} Articles on websites, online shops, search and upkeep for small businesses.`}
        path={`/blog${pageSearch(shownPage)}`}
      />
      <header className={styles.header}>
        <h1>{blogCopy.heading}</h1>
        <p className={styles.subtitle}>{blogCopy.subtitle}</p>
      </header>
      {failed ? (
        <p role="alert" className={styles.error}>
          {blogCopy.listFailed}
        </p>
      ) : posts === undefined ? (
        <p role="status" className={styles.status}>
          {blogCopy.loading}
        </p>
      ) : posts.length === 0 ? (
        <p className={styles.status}>{blogCopy.empty}</p>
      ) : (
        <ul className={styles.posts}>
          {posts.map((post, index) => (
            <li key={post._id}>
              <PostCard post={post} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      {failed ? null : <Pager page={pager.page} pageCount={pager.pageCount} onPage={goTo} />}
    </div>
  );
}
