import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../lib/store/store';
import { clampPage, MAX_REQUESTED_PAGE, pageCountFor } from './page-numbers';

/** One paged list on screen, as it follows its address. */
export interface PagerEntry {
  /** The page the address asks for. */
  requested: number;
  /** The page shown: the one asked for, or the nearest that exists once the page count is known. */
  page: number;
  /** Pages in all; null until the list's total is known (the pager stays hidden until then). */
  pageCount: number | null;
}

/** The pagers by list ('blog', a tag's, a search's, 'dashboard'): every paged list follows its own address. */
export type PagersState = Partial<Record<string, PagerEntry>>;

export const BLOG_PAGER = 'blog';

const initialState: PagersState = {};

/** A list whose address asks for nothing in particular and whose total is not known yet. */
const unknownList = (): PagerEntry => ({ requested: 1, page: 1, pageCount: null });

/**
 * The paged lists' state, in the store so that Redux DevTools shows which page each list was
 * asked for and which it shows. The address is the source of truth for the requested page and
 * this slice only follows it (see useAddressPager): no action here moves to another page.
 */
export const pagersSlice = createSlice({
  name: 'pagers',
  initialState,
  reducers: {
    /** The address now asks for `page`; past the known end, the nearest page that exists shows. */
    pageRequested(state, action: PayloadAction<{ key: string; page: number }>) {
      const { key, page } = action.payload;
      const entry = (state[key] ??= unknownList());
      entry.requested = clampPage(page, MAX_REQUESTED_PAGE);
      entry.page = entry.pageCount === null ? entry.requested : clampPage(entry.requested, entry.pageCount);
    },
    /** The list's total arrived: it sets the page count, which may pull the shown page back into range. */
    totalKnown(state, action: PayloadAction<{ key: string; total: number; pageSize: number }>) {
      const { key, total, pageSize } = action.payload;
      const entry = (state[key] ??= unknownList());
      entry.pageCount = pageCountFor(total, pageSize);
      entry.page = clampPage(entry.requested, entry.pageCount);
    },
    /**
     * The list left the screen. Its page count may be stale by the time it returns, and a stale
     * count would clamp (and rewrite) an address that is in fact in range.
     */
    pagerClosed(state, action: PayloadAction<{ key: string }>) {
      delete state[action.payload.key];
    },
  },
  selectors: {
    selectPager: (state, key: string): PagerEntry | undefined => state[key],
  },
});

declare module '../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof pagersSlice> {}
}

// Injected when the blog feature loads: the blog list, or a page that reuses its pager.
const injectedPagersSlice = pagersSlice.injectInto(rootReducer);

export const { pageRequested, totalKnown, pagerClosed } = pagersSlice.actions;
export const { selectPager } = injectedPagersSlice.selectors;

/**
 * The page a list shows in place of the one its address asks for, which is past the list's end;
 * undefined when every list shows the page asked for. A server render shows one list, and the
 * server keeps such a render under the address of the page it shows.
 */
export function selectPageShownInstead(state: Parameters<typeof injectedPagersSlice.selectSlice>[0]): number | undefined {
  const pagers = Object.values(injectedPagersSlice.selectSlice(state));
  return pagers.find((entry) => entry !== undefined && entry.pageCount !== null && entry.page < entry.requested)?.page;
}
export const pagersReducer = pagersSlice.reducer;

/**
 * What the slice holds for `key` once it has followed the address (`requested`) and the data
 * (`total`, when known): the same actions, applied to the stored entry. A list renders this, so
 * that it is right before its effects have dispatched them: on the server, on the browser's first
 * render (whose store starts without the server's pagers), and in the render right after the
 * address changes. When the store has caught up, this is the stored entry itself.
 */
export function pagerFollowing(stored: PagerEntry | undefined, key: string, requested: number, total: number | undefined, pageSize: number): PagerEntry {
  let state: PagersState = stored ? { [key]: stored } : {};
  state = pagersReducer(state, pageRequested({ key, page: requested }));
  if (total !== undefined) state = pagersReducer(state, totalKnown({ key, total, pageSize }));
  return state[key]!;
}
