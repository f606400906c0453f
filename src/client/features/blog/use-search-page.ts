import { SEARCH_PAGE_SIZE } from '../../../shared/constants';
import type { AppStore } from '../../lib/store/store';
import { postsApi, useSearchPostsQuery } from '../posts';
import { pageRequested, selectPager, totalKnown } from './pager-slice';
import { useAddressPager, useRequestedPage } from './use-address-pager';

/** The search's results in the `pagers` slice; the page is keyed by query, so each search starts afresh. */
const SEARCH_PAGER = 'search';

/** Why a search has no results to show: the API's message for a query it refuses (400), or a failure. */
export type SearchProblem = { kind: 'refused'; message: string } | { kind: 'failed' };

function problemOf(error: unknown): SearchProblem | undefined {
  if (error === undefined) return undefined;
  const { status, data } = error as { status?: unknown; data?: { message?: unknown } };
  if (status === 400 && typeof data?.message === 'string') return { kind: 'refused', message: data.message };
  return { kind: 'failed' };
}

/**
 * One page of results for `q` (not blank), at the page the address asks for, clamped to the last
 * page once the total is known, as the blog's list is (see useBlogPage).
 */
export function useSearchPage(q: string) {
  const requested = useRequestedPage();
  const asked = useSearchPostsQuery({ q, page: requested });
  const { pager, goTo } = useAddressPager(SEARCH_PAGER, SEARCH_PAGE_SIZE, asked.data?.total);
  const shownPage = pager.page;
  const nearest = useSearchPostsQuery({ q, page: shownPage }, { skip: shownPage === requested });
  const shown = shownPage === requested ? asked : nearest;
  const found = shown.currentData;
  return {
    pager,
    goTo,
    found,
    // Kept while a retry runs, like the blog's failures: no flash of 'Loading...'.
    problem: found === undefined ? (problemOf(asked.error) ?? problemOf(shown.error)) : undefined,
  };
}

/** The server's side of the same; answers the page's status: 400 for a query the API refuses, 503 when it fails. */
export async function prefetchSearchPage(store: AppStore, q: string, requested: number): Promise<number | undefined> {
  store.dispatch(pageRequested({ key: SEARCH_PAGER, page: requested }));
  const asked = await store.dispatch(postsApi.endpoints.searchPosts.initiate({ q, page: requested }, { subscribe: false }));
  if (!asked.data) return problemOf(asked.error)?.kind === 'refused' ? 400 : 503;
  store.dispatch(totalKnown({ key: SEARCH_PAGER, total: asked.data.total, pageSize: SEARCH_PAGE_SIZE }));
  const page = selectPager(store.getState(), SEARCH_PAGER)?.page ?? requested;
  if (page !== requested) await store.dispatch(postsApi.endpoints.searchPosts.initiate({ q, page }, { subscribe: false }));
  return undefined;
}
