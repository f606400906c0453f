import { paths } from '../../../shared/paths';
import type { PrefetchContext } from '../../lib/page-module';
import { Seo } from '../../components/seo/seo';
import { blogCopy } from './blog-copy';
import { Pager } from './pager';
import { requestedPage } from './page-numbers';
import { PostCardList } from './post-card-list';
import { SearchForm } from './search-form';
import { SubscribeForm } from '../newsletter-signup';
import { prefetchBlogPage, useBlogPage } from './use-blog-page';
import styles from './blog-list-page.module.css';

/** @public Called by the server through the route table's lazily loaded PageModule. */
export async function prefetch({ store, searchParams }: PrefetchContext): Promise<void> {
  await prefetchBlogPage(store, requestedPage(searchParams.get('page')));
}

export default function BlogListPage() {
  const { pager, goTo, posts, failed } = useBlogPage();
  const shownPage = pager.page;

  return (
    <div className={`container ${styles.page}`}>
      <Seo
        title={shownPage > 1 ? `Blog, page ${shownPage}` : 'Blog'}
        description={`${blogCopy.subtitle} Articles on websites, online shops, search and upkeep for small businesses.`}
        path={paths.blogPage(shownPage)}
      />
      <header className={styles.header}>
        <h1>{blogCopy.heading}</h1>
        <p className={styles.subtitle}>{blogCopy.subtitle}</p>
      </header>
      <SearchForm />
      <PostCardList posts={posts} failed={failed} emptyText={blogCopy.empty} />
      {failed ? null : <Pager page={pager.page} pageCount={pager.pageCount} onPage={goTo} />}
      <SubscribeForm />
    </div>
  );
}
