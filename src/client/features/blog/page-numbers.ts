/**
 * Page arithmetic of the paged lists (the blog, the administrator's dashboard): pure, so every
 * rule is tested without a browser. The `pagers` slice and the `Pager` buttons both rely on it.
 */
export interface PagerPosition {
  /** 1-based, always within 1…pageCount. */
  page: number;
  /** At least 1: an empty list has one (empty) page. */
  pageCount: number;
}

export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** A page out of range means the nearest page that exists; an unreadable one, the first. */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), pageCount);
}

/** Where Previous (-1) or Next (+1) leads from a position: never past either end. */
export function stepPage({ page, pageCount }: PagerPosition, step: -1 | 1): number {
  return clampPage(page + step, pageCount);
}

/** What the pager shows and allows at a position. */
export function pagerView(position: PagerPosition) {
  return {
    visible: position.pageCount > 1,
    label: `Page ${position.page} of ${position.pageCount}`,
    canGoBack: position.page > 1,
    canGoForward: position.page < position.pageCount,
  };
}

/** Beyond any real blog, and below the largest page the API accepts: asking for more means the last page. */
export const MAX_REQUESTED_PAGE = 999_999;

/** The page a `?page=` parameter asks for; anything unreadable asks for the first. */
export function requestedPage(param: string | null): number {
  if (param === null || !/^\s*\d+\s*$/.test(param)) return 1;
  return Math.min(Math.max(1, Number(param)), MAX_REQUESTED_PAGE);
}

/**
 * The search part of the address that shows `page`, the other parameters kept. The first page is
 * the bare address, so that `/blog` and `/blog?page=1` are not two pages to search engines.
 */
export function searchForPage(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '';
}
