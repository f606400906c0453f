import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { requestedPage, searchForPage } from './page-numbers';
import { pageRequested, pagerClosed, pagerFollowing, selectPager, totalKnown, type PagerEntry } from './pager-slice';

/** The page the address asks for (`?page=`), for a list that must start its query before it knows its total. */
export function useRequestedPage(): number {
  const [searchParams] = useSearchParams();
  return requestedPage(searchParams.get('page'));
}

export interface AddressPager {
  /** Where the list is: what the `pagers` slice holds under the list's key. */
  pager: PagerEntry;
  /** Shows another page by pushing its address, so Back returns to this one. */
  goTo: (page: number) => void;
}

/**
 * A paged list whose page lives in the address (`/blog?page=2`), mirrored in the `pagers`
 * slice under `key`.
 *
 * The flow goes one way, address → slice. The address is the source of truth for the requested
 * page: links, reloads, the back and forward buttons and the server's render all start from it.
 * The slice follows it: `pageRequested` when the address's page changes, `totalKnown` when the
 * list's total arrives; the slice pulls a page out of range to the nearest that exists. The
 * buttons push a new address (`goTo`) and never touch the slice. When the slice had to clamp, the
 * address is corrected with `replace`, so that it can be shared as is and Back skips the page that
 * does not exist.
 *
 * The list renders what the slice holds once it has followed (`pagerFollowing`), which needs no
 * effect to have run: the server and the browser's first render compute it from the same address
 * and the same RTK Query data, so the HTML agrees without the server's slice travelling along.
 */
export function useAddressPager(key: string, pageSize: number, total: number | undefined): AddressPager {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const pageParam = searchParams.get('page');
  const requested = requestedPage(pageParam);
  const stored = useAppSelector((state) => selectPager(state, key));
  const pager = pagerFollowing(stored, key, requested, total, pageSize);

  // In this order: a new page and a new total in one render are requested, then counted.
  useEffect(() => {
    dispatch(pageRequested({ key, page: requested }));
  }, [dispatch, key, requested]);
  useEffect(() => {
    if (total !== undefined) dispatch(totalKnown({ key, total, pageSize }));
  }, [dispatch, key, total, pageSize]);
  useEffect(
    () => () => {
      dispatch(pagerClosed({ key }));
    },
    [dispatch, key],
  );

  // A clamped page, or an unusual spelling of one ('007'), gets its plain address; '?page=1' may stay.
  const shown = pager.page;
  useEffect(() => {
    const canonical = shown > 1 ? String(shown) : null;
    if (pageParam === canonical || (pageParam === '1' && canonical === null)) return;
    void navigate({ search: searchForPage(searchParams, shown) }, { replace: true });
  }, [pageParam, shown, searchParams, navigate]);

  const goTo = useCallback((page: number) => void navigate({ search: searchForPage(searchParams, page) }), [navigate, searchParams]);
  return { pager, goTo };
}
