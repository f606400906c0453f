import type { FrontDoor, FrontHandler } from '../http/front-door';
import { pickEncoding } from '../http/encoded-body';
import type { PageCache } from './page-cache';
import { pageKey } from './page-key';

const pathOf = (url: string) => {
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
};

/**
 * A page from the render cache, answered before Fastify: the page route's answer (the security
 * headers, type, `no-cache`, the encoding the client prefers, the form-start cookie of the
 * pages that carry one), at about the cost of a bare `node:http` server sending the same bytes
 * (docs/benchmarks.md, "Pages from the cache in front of Fastify"). Whatever might be answered
 * otherwise is declined before anything is written, for Fastify's route: any method but GET and
 * HEAD, a request with `Authorization` (checked and answered `no-store` there), an address
 * a redirect may take, a page not cached or not cached as 200 (a 404 is counted by the route), a
 * compressed form not made yet, and an address whose path is not its page's own (`//blog`,
 * `/api/../blog`: the URL parser reads them as another path than Fastify's router does).
 */
export function pageFrontHandler(pages: PageCache, door: FrontDoor): FrontHandler {
  // Flat lists as writeHead takes them, made once.
  const fixed = [...Object.entries(door.pageHeaders).flat(), 'content-type', 'text/html; charset=utf-8', 'cache-control', 'no-cache', 'vary', 'Accept-Encoding'];
  const listEnd = (list: string) => pages.listEnd(list);

  return (request, response) => {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || request.headers.authorization !== undefined) return false;
    // The API's reads and the files are no pages: declined before any parsing, which they would pay for.
    if (url.startsWith('/api/') || url.startsWith('/assets/') || url.startsWith('/uploads/')) return false;
    let key: string;
    try {
      key = pageKey(url, listEnd);
    } catch {
      // An address the URL parser refuses: Fastify's route answers it.
      return false;
    }
    const cached = pages.get(key);
    if (cached?.status !== 200) return false;
    const path = pathOf(url);
    if (path !== pathOf(key) || door.pageTakenFirst(url)) return false;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const bytes = cached.body.ready(encoding);
    if (bytes === undefined) return false;

    const headers = encoding === 'identity' ? [...fixed] : [...fixed, 'content-encoding', encoding];
    headers.push('content-length', String(bytes.byteLength));
    for (const cookie of door.pageCookies(path)) headers.push('set-cookie', cookie);
    response.writeHead(200, headers);
    response.end(method === 'HEAD' ? undefined : bytes);
    return true;
  };
}
