import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../styles/global.css';
import { hydrate, type ThunkExtra } from './api';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { matchPage } from './match-route';
import type { RuntimeConfig } from './runtime-config';
import { STATE_SCRIPT_ID } from './state-script';
import { makeStore } from './store';
import { SessionProvider, SessionRedirects } from '../features/session/SessionContext';
import { startSession } from '../features/session/startSession';

interface EmbeddedState {
  config: RuntimeConfig;
  state: { api?: unknown };
}

async function main() {
  const element = document.getElementById(STATE_SCRIPT_ID);
  const embedded = JSON.parse(element?.textContent ?? '{}') as EmbeddedState;
  const config = embedded.config ?? { siteUrl: window.location.origin, apiBaseUrl: '' };
  const extra: ThunkExtra = { apiBaseUrl: config.apiBaseUrl };
  const store = makeStore(extra);
  if (embedded.state?.api) store.dispatch(hydrate({ api: embedded.state.api }));
  const session = startSession(store).actor;
  extra.onUnauthorized = (token) => session.send({ type: 'REJECTED', token });

  // The page's code is already on its way (the server sent its script); wait for it so that
  // hydration finds the same tree the server rendered.
  await matchPage(window.location.pathname).route.load();

  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <AppProviders store={store} config={config}>
        <SessionProvider actor={session}>
          <BrowserRouter>
            <SessionRedirects />
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </AppProviders>
    </StrictMode>,
  );
}

void main();
