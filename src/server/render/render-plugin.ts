import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { EncodedBody, sendEncoded } from '../http/encoded-body';
import type { ContentCache } from '../cache/content-cache';
import { pageFrontHandler } from './page-front-door';
import { listKeyOf, pageKey } from './page-key';
import { PageRenderer } from './page-renderer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pages, API reads and renders made from content: a write calls `invalidate()`. */
    contentCache: ContentCache;
  }
}

/** The levels at which Fastify logs every request. */
const REQUEST_LOGGING_LEVELS = new Set(['info', 'debug', 'trace']);

/** Every GET that is not an API call, an asset or a file renders a page of the React app. */
export async function renderRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const renderer = PageRenderer.of(app, config);

  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: number, body: EncodedBody) =>
    sendEncoded(request, reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache'), body);

  type Outcome = { kind: 'redirect'; location: string } | { kind: 'page'; status: number; body: EncodedBody; browserOnly: boolean };

  const { pages, renders } = app.contentCache;

  async function render(key: string): Promise<Outcome> {
    const generation = pages.generation;
    const result = await renderer.render(key);
    if (result.kind === 'redirect') return result;
    // A page rendered while the API failed is not kept: the next visitor gets a fresh try.
    const kept = pages.enabled && result.render === 'server' && result.status < 500;
    const body = new EncodedBody(await renderer.document(result), !kept);
    if (kept) {
      const { shownPage } = result;
      // Past a list's end the page shown is its last: kept as that page, and later addresses
      // past the end are read as it (page-key.ts), so no number of them makes another render.
      if (shownPage !== undefined) pages.keepListEnd(listKeyOf(key), shownPage, generation);
      pages.set(shownPage === undefined ? key : pageKey(key, () => shownPage), result.status, body, generation);
    }
    return { kind: 'page', status: result.status, body, browserOnly: result.render === 'browser' };
  }

  // Cached pages are answered in front of Fastify, unless every request is logged (LOG_LEVEL info
  // or lower: the log would miss them) or answers carry CORS headers for the configured origins.
  if (pages.enabled && config.corsOrigins.length === 0 && !REQUEST_LOGGING_LEVELS.has(app.log.level)) {
    app.frontDoor.pages = pageFrontHandler(pages, app.frontDoor);
  }

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    // Rendered and kept by what the page reads of its address, whatever else the address holds.
    const key = pageKey(request.url, (list) => pages.listEnd(list));
    const cached = pages.get(key);
    if (cached) return sendPage(request, reply, cached.status, cached.body);

    // Requests for one page share a render only while the cache is on: with it off
    // (PAGE_CACHE_SECONDS=0) every request renders.
    const outcome = await renders.run(key, () => render(key), { share: pages.enabled });
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 301);
    // Admin and account pages: rendered in the browser only and never indexed.
    if (outcome.browserOnly) reply.header('X-Robots-Tag', 'noindex, nofollow');
    return sendPage(request, reply, outcome.status, outcome.body);
  });
}
