import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderPage } from '../../client/app/render-page';
import type { Config } from '../config';
import { pageAssets, readAssetManifest } from './asset-manifest';
import { renderDocument } from './document';
import { EncodedBody, sendEncoded } from './encoded-body';
import { INJECT_BASE_URL, injectFetch } from './inject-fetch';
import type { PageCache } from './page-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rendered public pages; clear it whenever content they show changes. */
    pageCache: PageCache;
  }
}

/** Every GET that is not an API call, an asset or a file renders a page of the React app. */
export async function renderRoutes(app: FastifyInstance, config: Config): Promise<void> {
  const manifest = readAssetManifest(config.clientDir);
  const fetchFn = injectFetch(app);
  const runtimeConfig = { siteUrl: config.siteUrl, apiBaseUrl: config.apiBaseUrl };

  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: number, body: EncodedBody) =>
    sendEncoded(request, reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache'), body);

  app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const cached = app.pageCache.get(request.url);
    if (cached) return sendPage(request, reply, cached.status, cached.body);

    const result = await renderPage({ url: request.url, config: runtimeConfig, apiBaseUrl: INJECT_BASE_URL, fetchFn });
    if (result.kind === 'redirect') return reply.redirect(result.location, 301);

    const body = new EncodedBody(renderDocument({ ...result, assets: pageAssets(manifest, result.chunk) }));
    if (result.render === 'browser') {
      // Admin and account pages: rendered in the browser only and never indexed.
      reply.header('X-Robots-Tag', 'noindex, nofollow');
    } else if (result.status < 500) {
      // A page rendered while the API failed is not kept: the next visitor gets a fresh try.
      app.pageCache.set(request.url, result.status, body);
    }
    return sendPage(request, reply, result.status, body);
  });
}
