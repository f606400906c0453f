import { LIST_PAGE_PARAM, matchPage, redirectFor } from '../../client/app/render-page';
import { remembered } from '../cache/remembered';

/** Only the path and query matter; the origin is a placeholder. */
const BASE = 'http://page-key.invalid';

/**
 * A request's address read as a path on the placeholder origin (resolved against it instead,
 * `//blog` would name a host and `//[` would throw), with runs of slashes read as one, as the
 * route table matches them: `//blog` and `/blog//` make no pages of their own.
 */
function parsePath(url: string): { pathname: string; searchParams: URLSearchParams } {
  const { pathname, searchParams } = new URL(url.startsWith('/') ? BASE + url : `${BASE}/${url}`);
  return { pathname: pathname.replace(/\/{2,}/g, '/'), searchParams };
}

/** The last page of a paged list by the list's key (its page's key without the page), when known. */
export type ListEnds = (listKey: string) => number | undefined;

const keyOf = (pathname: string, query: URLSearchParams) => (query.size > 0 ? `${pathname}?${query.toString()}` : pathname);

/**
 * The address a page is rendered and cached under: its path, and of its query only the
 * parameters its route reads (the route table's `query`), each in the form the page shows, in the
 * table's order. `/blog?x=1` is `/blog`, `/blog?page=02&utm_source=x` is `/blog?page=2`, and
 * `/blog/search?q=Foo%20%20Bar` is `/blog/search?q=foo+bar`: however an address is spelled, it
 * can make no more work than the pages that exist. A page past a list's known end is that list's
 * last page (which it shows), so `/blog?page=999999` is `/blog?page=7` once a render has shown
 * that the blog ends there. A redirect keeps its query, which it forwards.
 */
export function pageKey(url: string, listEnd: ListEnds = () => undefined): string {
  const { pathname, searchParams } = parsePath(url);
  if (redirectFor(pathname)) return url;
  const declared = queryOf(pathname);
  const kept = new URLSearchParams();
  for (const [name, shown] of Object.entries(declared)) {
    const value = searchParams.get(name);
    const canonical = value === null ? null : shown(value);
    if (canonical !== null) kept.set(name, canonical);
  }
  const page = kept.get(LIST_PAGE_PARAM);
  const last = page === null ? undefined : listEnd(listKeyOf(keyOf(pathname, kept)));
  if (last !== undefined && Number(page) > last) {
    if (last > 1) kept.set(LIST_PAGE_PARAM, String(last));
    else kept.delete(LIST_PAGE_PARAM);
  }
  return keyOf(pathname, kept);
}

/**
 * The query parameters the route of a path reads. Matching a path against the route table
 * (react-router ranks and compiles the candidate routes on every match) was a sixth of the
 * processor time of a page answered from the cache, so the answer is kept per path.
 */
const queryOf = remembered((pathname) => matchPage(pathname).route.query ?? {});

/** The key of the paged list a page's key belongs to: the key without its page. */
export function listKeyOf(key: string): string {
  const { pathname, searchParams } = parsePath(key);
  searchParams.delete(LIST_PAGE_PARAM);
  return keyOf(pathname, searchParams);
}
