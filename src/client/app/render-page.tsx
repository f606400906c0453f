import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { selectPageShownInstead } from '../features/blog';
import { baseApi } from '../lib/api/base-api';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';
import { leanApiState } from './lean-state';
import { matchPage, redirectFor } from './match-route';
import type { RuntimeConfig } from '../lib/runtime-config';
import { serializeForScript, STATE_SCRIPT_ID } from '../lib/state-script';
import { makeStore } from '../lib/store/store';
import { SiteContentSourceContext } from '../lib/site-content/content-source-context';
import { recordingSource } from '../lib/site-content/recording-source';
import { siteContentLoaded } from '../lib/site-content/site-content-api';
import type { SiteContentSource } from '../../shared/site-content/content-source';

export { serializeForScript, STATE_SCRIPT_ID };
// The sitemap's public pages come from the route table the renderer matches against.
export { publicPagePaths } from './routes';
// Insights count a view under its page type, and refuse paths the route table does not know.
export { pageTypeOf } from './page-type';
// The server caches a page under the query parameters its route reads, a list's page past its end as its last.
export { matchPage, redirectFor } from './match-route';
export { LIST_PAGE_PARAM } from './public-routes';

/** The server's one way into the client: render a URL to HTML with its data. */
export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  config: RuntimeConfig;
  /** How the server's store reaches the API without leaving the process. */
  apiBaseUrl: string;
  fetchFn: typeof fetch;
  /**
   * The live site content, read from memory: the page's words without a call to the API (a
   * render that fetched them part by part took twice the processor time).
   */
  siteContent: SiteContentSource;
  /**
   * The pages' anonymous reads that change only with content (the portfolio, whether bookings are
   * open), held by the server between changes; without it each is read through `fetchFn`.
   */
  read?: (path: string) => Promise<unknown>;
}

export type RenderResult =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      status: number;
      /** Rendered on the server ('server') or left to the browser ('browser': admin and account pages). */
      render: 'server' | 'browser';
      /** Webpack chunk of the page, so its script can travel with the HTML. */
      chunk: string;
      /** The page a paged list shows instead of the one the address asks for, past the list's end. */
      shownPage?: number;
      /** Title, meta and link tags the page declared, for the document head. */
      head: string;
      body: string;
      /** Store state and configuration as JSON, safe to place inside a script element. */
      stateJson: string;
    };

/** The JSON answer to GET `url`; rejects when the answer is not a success. */
export async function readJson(fetchFn: typeof fetch, url: string): Promise<unknown> {
  const response = await fetchFn(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, 'http://render.invalid');
  const redirect = redirectFor(url.pathname);
  if (redirect) return { kind: 'redirect', location: redirect + url.search };

  const { route, params } = matchPage(url.pathname);
  const content = recordingSource(request.siteContent);
  const store = makeStore({ apiBaseUrl: request.apiBaseUrl, fetchFn: request.fetchFn });
  let status = route.path === '*' || route.notFound ? 404 : 200;

  if (route.render === 'server') {
    const page = await route.load();
    const read = request.read ?? ((path: string) => readJson(request.fetchFn, request.apiBaseUrl + path));
    const result = await page.prefetch?.({ store, params, searchParams: url.searchParams, config: request.config, read });
    await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));
    if (result?.status) status = result.status;
  }

  const html = await renderToString(
    <AppProviders store={store} config={request.config}>
      <SiteContentSourceContext.Provider value={content.source}>
        <StaticRouter location={url.pathname + url.search}>
          <AppRoutes />
        </StaticRouter>
      </SiteContentSourceContext.Provider>
    </AppProviders>,
  );
  // What the render read, for the browser's first render to find.
  store.dispatch(siteContentLoaded(content.read()));
  const { head: declared, body } = splitHoisted(html);
  // Pages left to the browser declare their metadata only once running there; their HTML shell
  // still needs a title (HTML requires one; the Nu HTML Checker fails a document without). React
  // puts the page's own title before this one when it mounts, so the tab shows the page's.
  const head = /<title>/.test(declared) ? declared : `<title>${escapeText(content.source.part('settings').name)}</title>${declared}`;
  const stateJson = serializeForScript({ config: request.config, state: { api: leanApiState(store.getState()[baseApi.reducerPath]) } });
  const shownPage = selectPageShownInstead(store.getState());
  // Release the cache timers RTK Query keeps, so a rendered store does not outlive its request.
  store.dispatch(baseApi.util.resetApiState());
  return { kind: 'page', status, render: route.render, chunk: route.chunk, head, body, stateJson, ...(shownPage === undefined ? {} : { shownPage }) };
}

/** The server answers it 503: a page without its words would be wrong, and the pages' cache would keep it. */
export class SiteContentUnavailable extends Error {
  readonly statusCode = 503;

  constructor() {
    super("The site's content could not be read.");
  }
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** Renders after every lazy page and suspended query has settled, like a crawler would see it. */
function renderToString(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      // Never outline a finished Suspense boundary: React would send it hidden, with an inline
      // script to reveal it, which the Content-Security-Policy blocks (12,800 bytes by default).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return reject(failed);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
  });
}

const hoistedTag = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;

/**
 * React 19 places the metadata a fragment declares (title, meta, link) at the start of its
 * output; those go into the document head, the rest is the body.
 */
export function splitHoisted(html: string): { head: string; body: string } {
  let rest = html;
  let head = '';
  for (let match = hoistedTag.exec(rest); match; match = hoistedTag.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

