import { matchPage, redirectFor } from '../../client/app/render-page';

/** Only the path and query matter; the origin is a placeholder. */
const BASE = 'http://page-key.invalid';

/**
 * The address a page is rendered and cached under: its path, and of its query only the
 * parameters its route reads (the route table's `query`), each in the form the page shows, in the
 * table's order. `/blog?x=1` is `/blog`, `/blog?page=02&utm_source=x` is `/blog?page=2`, and
 * `/blog/search?q=Foo%20%20Bar` is `/blog/search?q=foo+bar`: however an address is spelled, it
 * can make no more work than the pages that exist. A redirect keeps its query, which it forwards.
 */
export function pageKey(url: string): string {
  const { pathname, searchParams } = new URL(url, BASE);
  if (redirectFor(pathname)) return url;
  const declared = matchPage(pathname).route.query ?? {};
  const kept = new URLSearchParams();
  for (const [name, shown] of Object.entries(declared)) {
    const value = searchParams.get(name);
    const canonical = value === null ? null : shown(value);
    if (canonical !== null) kept.set(name, canonical);
  }
  return kept.size > 0 ? `${pathname}?${kept.toString()}` : pathname;
}
