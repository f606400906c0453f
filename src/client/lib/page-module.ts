import type { ComponentType } from 'react';
import type { RuntimeConfig } from './runtime-config';
import type { AppStore } from './store/store';

export interface PrefetchContext {
  store: AppStore;
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
  /** What the server hands the browser (the contact form's delivery, say). */
  config?: RuntimeConfig;
  /**
   * The API's answer to an anonymous GET of `path` that changes only with content, which the
   * server holds between changes rather than asking for on every render; rejects when the read
   * failed. The page puts it in the store itself.
   */
  read: (path: string) => Promise<unknown>;
}

export interface PrefetchResult {
  /** HTTP status of the rendered page, when not 200 (an unknown post answers 404). */
  status?: number;
}

/**
 * What a lazily loaded page module exports. `prefetch` runs on the server before rendering,
 * starting the page's RTK Query requests so that the HTML arrives with its data.
 */
export interface PageModule {
  default: ComponentType;
  prefetch?: (context: PrefetchContext) => Promise<PrefetchResult | void>;
}
