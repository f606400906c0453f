import { startTransition, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { hydrate, type ThunkExtra } from '../lib/api/base-api';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';
import { restoreApiState } from './lean-state';
import { matchPage } from './match-route';
import { loadInsights, PageViews } from './page-views';
import type { RuntimeConfig } from '../lib/runtime-config';
import { STATE_SCRIPT_ID } from '../lib/state-script';
import { yieldToBrowser } from './yield-to-browser';
import { createSessionStore, SessionProvider, SessionRedirects } from '../features/session';

interface EmbeddedState {
  config: RuntimeConfig;
  state: { api?: unknown };
}

/**
 * Takes over the page the server rendered: the store starts from the server's cache, the session
 * machine from what the browser kept, and React hydrates the server's HTML. `fetchFn` lets tests
 * reach an in-process API.
 */
export async function bootBrowser({ fetchFn }: { fetchFn?: typeof fetch } = {}): Promise<Root> {
  const element = document.getElementById(STATE_SCRIPT_ID);
  const embedded = JSON.parse(element?.textContent ?? '{}') as EmbeddedState;
  const config = embedded.config ?? { siteUrl: window.location.origin, apiBaseUrl: '' };
  const extra: ThunkExtra = { apiBaseUrl: config.apiBaseUrl, ...(fetchFn ? { fetchFn } : {}) };
  const { store, session } = createSessionStore(extra);
  if (embedded.state?.api) store.dispatch(hydrate({ api: restoreApiState(embedded.state.api as { queries: Record<string, unknown> }, document) }));

  // The page's code is already on its way (the server sent its script); wait for it so that
  // hydration finds the same tree the server rendered. Each step starts in a task of its own,
  // so that the browser can handle input between them (none of them is long on its own).
  await yieldToBrowser();
  await matchPage(window.location.pathname).route.load();
  await yieldToBrowser();

  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole page (one long task that delays the first input).
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <AppProviders store={store} config={config}>
          <SessionProvider actor={session.actor}>
            <BrowserRouter>
              <SessionRedirects>
                <PageViews>
                  <AppRoutes />
                </PageViews>
              </SessionRedirects>
            </BrowserRouter>
          </SessionProvider>
        </AppProviders>
      </StrictMode>,
    );
  });
  // Counting starts once the page is the app's (docs/product.md#insights).
  loadInsights(config.apiBaseUrl);
  return root!;
}
