import { BLOG_PAGE_SIZE } from '../../../shared/constants';
import type { AppStore } from '../../lib/store/store';
import { postsApi, useGetPostsPageQuery } from '../posts';
import { BLOG_PAGER, pageRequested, selectPager, totalKnown } from './pager-slice';
import { useAddressPager, useRequestedPage } from './use-address-pager';

/** Which paged list of posts: the whole blog, or one tag's posts under a pager key of its own. */
export interface BlogListOf {
  /** The list's key in the `pagers` slice. */
  key: string;
  /** A tag's slug; none for the whole blog. */
  tag?: string;
}

const WHOLE_BLOG: BlogListOf = { key: BLOG_PAGER };

const pageArgs = (page: number, tag: string | undefined) => ({ page, limit: BLOG_PAGE_SIZE, ...(tag ? { tag } : {}) });

/**
 * One page of the blog (or of a tag's posts), fetched alone (`?page=&limit=`), at the page the
 * address asks for. A page past the end first learns the total from its own (empty) answer; the
 * pager then clamps it and the nearest page is fetched and shown.
 */
export function useBlogPage({ key, tag }: BlogListOf = WHOLE_BLOG) {
  const requested = useRequestedPage();
  const asked = useGetPostsPageQuery(pageArgs(requested, tag));
  // `data` outlives a change of page, so the pager stays put while the next page loads.
  const { pager, goTo } = useAddressPager(key, BLOG_PAGE_SIZE, asked.data?.total);
  const shownPage = pager.page;
  const nearest = useGetPostsPageQuery(pageArgs(shownPage, tag), { skip: shownPage === requested });
  const shown = shownPage === requested ? asked : nearest;
  const posts = shown.currentData?.posts;
  return {
    pager,
    goTo,
    posts,
    // An error is kept while a retry runs (after a failure the server rendered): no flash of 'Loading...'.
    failed: posts === undefined && (asked.error !== undefined || shown.error !== undefined),
  };
}

/**
 * The server's side of the same: the pager follows the address in the server's store, and the
 * page it shows is fetched (the nearest one too, when the one asked for is past the end). The
 * browser's first render computes the same pager from the same address and data.
 */
export async function prefetchBlogPage(store: AppStore, requested: number, { key, tag }: BlogListOf = WHOLE_BLOG): Promise<void> {
  store.dispatch(pageRequested({ key, page: requested }));
  const asked = await store.dispatch(postsApi.endpoints.getPostsPage.initiate(pageArgs(requested, tag), { subscribe: false }));
  if (!asked.data) return;
  store.dispatch(totalKnown({ key, total: asked.data.total, pageSize: BLOG_PAGE_SIZE }));
  const page = selectPager(store.getState(), key)?.page ?? requested;
  if (page !== requested) {
    await store.dispatch(postsApi.endpoints.getPostsPage.initiate(pageArgs(page, tag), { subscribe: false }));
  }
}
