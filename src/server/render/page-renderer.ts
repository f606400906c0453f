import type { FastifyInstance } from 'fastify';
import { readJson, renderPage, SiteContentUnavailable, type RenderRequest, type RenderResult } from '../../client/app/render-page';
import type { Config } from '../config';
import { pageAssets, readAssetManifest, type AssetManifest } from './asset-manifest';
import { renderDocument } from './document';
import { HeldReads } from './held-reads';
import { INJECT_BASE_URL, injectFetch } from './inject-fetch';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every server render of a page goes through this one, and its one bounded line. */
    pageRenderer: PageRenderer;
  }
}

export type RenderedPage = Extract<RenderResult, { kind: 'page' }>;

/**
 * The server's renders of the React app: the page routes' and any other answer that is a page
 * (the contact form refused without JavaScript). They share one line (the content cache's
 * `renders`), so no kind of request can
 * make more renders at once, or more waiting, than the bounds; and the built client's asset
 * manifest is read once, at start.
 */
export class PageRenderer {
  private readonly manifest: AssetManifest;
  private readonly fetchFn: typeof fetch;
  private readonly runtimeConfig: RenderRequest['config'];
  private readonly held: HeldReads;

  constructor(
    private readonly app: FastifyInstance,
    config: Config,
  ) {
    this.manifest = readAssetManifest(config.clientDir);
    this.fetchFn = injectFetch(app);
    this.held = new HeldReads((path) => readJson(this.fetchFn, INJECT_BASE_URL + path), () => app.contentCache.generation);
    this.runtimeConfig = { siteUrl: config.siteUrl, apiBaseUrl: config.apiBaseUrl, contactDelivery: config.contactDelivery };
  }

  /**
   * Renders `url` with the live site content from memory and the API answered in-process (or by
   * `fetchFn`). Call it inside the line.
   */
  async render(url: string, fetchFn: typeof fetch = this.fetchFn): Promise<RenderResult> {
    let siteContent: RenderRequest['siteContent'];
    try {
      siteContent = await this.app.site.source();
    } catch (error) {
      this.app.log.error({ err: error }, 'site content unreadable for a render');
      throw new SiteContentUnavailable();
    }
    return renderPage({ url, config: this.runtimeConfig, apiBaseUrl: INJECT_BASE_URL, fetchFn, siteContent, read: this.held.read });
  }

  /** The whole HTML document of a rendered page, with its chunk's files and the live site name. */
  async document(page: RenderedPage): Promise<string> {
    return renderDocument({ ...page, assets: pageAssets(this.manifest, page.chunk), siteName: await this.app.site.name() });
  }

  /** The app's one renderer, made by whichever of its users is registered first. */
  static of(app: FastifyInstance, config: Config = app.config): PageRenderer {
    if (!app.hasDecorator('pageRenderer')) app.decorate('pageRenderer', new PageRenderer(app, config));
    return app.pageRenderer;
  }
}
