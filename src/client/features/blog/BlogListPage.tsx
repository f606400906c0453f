import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PrefetchContext } from '../../app/page-module';
import { Seo } from '../../components/seo/Seo';
import { blogCopy } from './blog-copy';
import { PostCard } from './PostCard';
import { Pager } from './Pager';
import { requestedPage } from './pager';
import { prefetchBlogPage, useBlogPage } from './useBlogPage';
import styles from './BlogListPage.module.css';

export async function prefetch({ store, searchParams }: PrefetchContext): Promise<void> {
  await prefetchBlogPage(store, requestedPage(searchParams.get('page')));
}

const pageSearch = (page: number) => (page > 1 ? `?page=${page}` : '');

export default function BlogListPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const pageParam = searchParams.get('page');
  const requested = requestedPage(pageParam);
  const { pager, posts, failed } = useBlogPage(requested);
  const shownPage = pager?.page ?? requested;

  // A page out of range shows the nearest one; the address follows, so it can be shared as is.
  useEffect(() => {
    if (pageParam !== null && pageParam !== String(shownPage) && !(shownPage === 1 && pageParam === '1')) {
      const next = new URLSearchParams(searchParams);
      if (shownPage > 1) next.set('page', String(shownPage));
      else next.delete('page');
      const search = next.toString();
      void navigate({ search: search ? `?${search}` : '' }, { replace: true });
    }
  }, [pageParam, shownPage, searchParams, navigate]);

  const goTo = (page: number) => void navigate({ search: pageSearch(page) });

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
      {pager && !failed ? <Pager state={pager} onPage={goTo} /> : null}
    </div>
  );
}
