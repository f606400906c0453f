/**
 * The blog list's pager as an explicit reducer (design.md): pure, so every move is tested
 * without a browser. The page itself lives in the address (`/blog?page=2`); the list reads it
 * from there, asks this reducer where a button leads, and writes the answer back.
 */
export interface PagerState {
  /** 1-based, always within 1…pageCount. */
  page: number;
  /** At least 1: an empty blog has one (empty) page. */
  pageCount: number;
}

export type PagerAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; page: number }
  | { type: 'total'; total: number; pageSize: number };

export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Out of range means the nearest page that exists (decisions.md). */
function clamp(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), pageCount);
}

export function pagerReducer(state: PagerState, action: PagerAction): PagerState {
  switch (action.type) {
    case 'next':
      return { ...state, page: clamp(state.page + 1, state.pageCount) };
    case 'previous':
      return { ...state, page: clamp(state.page - 1, state.pageCount) };
    case 'goTo':
      return { ...state, page: clamp(action.page, state.pageCount) };
    case 'total': {
      const pageCount = pageCountFor(action.total, action.pageSize);
      return { page: clamp(state.page, pageCount), pageCount };
    }
  }
}

/** What the pager shows and allows in a state. */
export function pagerView(state: PagerState) {
  return {
    visible: state.pageCount > 1,
    label: `Page ${state.page} of ${state.pageCount}`,
    canGoBack: state.page > 1,
    canGoForward: state.page < state.pageCount,
  };
}

/** Beyond any real blog, and below the largest page the API accepts: asking for more means the last page. */
export const MAX_REQUESTED_PAGE = 999_999;

/** The page a `?page=` parameter asks for; anything unreadable asks for the first. */
export function requestedPage(param: string | null): number {
  if (param === null || !/^\s*\d+\s*$/.test(param)) return 1;
  return Math.min(Math.max(1, Number(param)), MAX_REQUESTED_PAGE);
}
