import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderPage } from '../../client/app/render-page';
import type { Config } from '../config';
import { pageAssets, readAssetManifest } from './asset-manifest';
import { renderDocument } from './document';
import { EncodedBody, sendEncoded } from '../http/encoded-body';
import { INJECT_BASE_URL, injectFetch } from './inject-fetch';
import type { PageCache } from './page-cache';
import { pageKey } from './page-key';
import { RenderQueue } from './render-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages; clear it whenever content they show changes. */
    pageCache: PageCache;
  }
}

/** Renders at once; two processor cores' worth, with room for the short waits on the API. */
const RENDER_CONCURRENCY = 4;
/**
 * Renders waiting for one of those; past them a request is answered 503 at once. An uncached
 * render takes 10 to 30 ms of the processor, so a full line is a wait of under a second.
 */
const RENDERS_WAITING = 32;

/** Every GET that is not an API call, an asset or a file renders a page of the React app. */
export async function renderRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const manifest = readAssetManifest(config.clientDir);
  const fetchFn = injectFetch(app);
  const runtimeConfig = { siteUrl: config.siteUrl, apiBaseUrl: config.apiBaseUrl, contactDelivery: config.contactDelivery };

  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: number, body: EncodedBody) =>
    sendEncoded(request, reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache'), body);

  type Outcome = { kind: 'redirect'; location: string } | { kind: 'page'; status: number; body: EncodedBody; browserOnly: boolean };

  async function render(url: string): Promise<Outcome> {
    const generation = app.pageCache.generation;
    const result = await renderPage({ url, config: runtimeConfig, apiBaseUrl: INJECT_BASE_URL, fetchFn });
    if (result.kind === 'redirect') return result;
    // A page rendered while the API failed is not kept: the next visitor gets a fresh try.
    const kept = app.pageCache.enabled && result.render === 'server' && result.status < 500;
    const body = new EncodedBody(renderDocument({ ...result, assets: pageAssets(manifest, result.chunk) }), !kept);
    if (kept) app.pageCache.set(url, result.status, body, generation);
    return { kind: 'page', status: result.status, body, browserOnly: result.render === 'browser' };
  }

  const queue = new RenderQueue<Outcome>({ concurrency: RENDER_CONCURRENCY, maxWaiting: RENDERS_WAITING });
  app.pageCache.onClear(() => queue.forget());

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    // Rendered and kept by what the page reads of its address, whatever else the address holds.
    const key = pageKey(request.url);
    const cached = app.pageCache.get(key);
    if (cached) return sendPage(request, reply, cached.status, cached.body);

    // Requests for one page share a render only while the cache is on: with it off
    // (PAGE_CACHE_SECONDS=0) every request renders.
    const outcome = await queue.run(key, () => render(key), { share: app.pageCache.enabled });
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 301);
    // Admin and account pages: rendered in the browser only and never indexed.
    if (outcome.browserOnly) reply.header('X-Robots-Tag', 'noindex, nofollow');
    return sendPage(request, reply, outcome.status, outcome.body);
  });
}
