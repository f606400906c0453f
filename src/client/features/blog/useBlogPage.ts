import { BLOG_PAGE_SIZE } from '../../../shared/constants';
import type { AppStore } from '../../app/store';
import { postsApi, useGetPostsPageQuery } from '../posts/postsApi';
import { pagerReducer, type PagerState } from './pager';

/** The page a request for `requested` shows, once the total is known: the nearest that exists. */
export function pagerFor(requested: number, total: number): PagerState {
  return pagerReducer({ page: requested, pageCount: requested }, { type: 'total', total, pageSize: BLOG_PAGE_SIZE });
}

/**
 * One page of the blog, fetched alone (`?page=&limit=`). A page past the end first learns the
 * total from its own (empty) answer, then shows the last page.
 */
export function useBlogPage(requested: number) {
  const asked = useGetPostsPageQuery({ page: requested, limit: BLOG_PAGE_SIZE });
  // `data` outlives a change of page, so the pager stays put while the next page loads.
  const total = asked.data?.total;
  const pager = total === undefined ? undefined : pagerFor(requested, total);
  const shownPage = pager?.page ?? requested;
  const nearest = useGetPostsPageQuery({ page: shownPage, limit: BLOG_PAGE_SIZE }, { skip: shownPage === requested });
  const shown = shownPage === requested ? asked : nearest;
  const posts = shown.currentData?.posts;
  return {
    pager,
    posts,
    // An error is kept while a retry runs (after a failure the server rendered): no flash of 'Loading...'.
    failed: posts === undefined && (asked.error !== undefined || shown.error !== undefined),
  };
}

/** The server's side of the same: fetch the page asked for, and the nearest one if it is past the end. */
export async function prefetchBlogPage(store: AppStore, requested: number): Promise<void> {
  const asked = await store.dispatch(postsApi.endpoints.getPostsPage.initiate({ page: requested, limit: BLOG_PAGE_SIZE }, { subscribe: false }));
  if (!asked.data) return;
  const { page } = pagerFor(requested, asked.data.total);
  if (page !== requested) {
    await store.dispatch(postsApi.endpoints.getPostsPage.initiate({ page, limit: BLOG_PAGE_SIZE }, { subscribe: false }));
  }
}
