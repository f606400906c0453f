import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../src/client/app/app-providers';
import { makeStore, type AppStore } from '../../src/client/lib/store/store';
import type { ThunkExtra } from '../../src/client/lib/api/base-api';
import type { RuntimeConfig } from '../../src/client/lib/runtime-config';

export const testConfig = { siteUrl: 'https://agency.test', apiBaseUrl: '' };

/** UI inside the app's providers and a memory router, as the pages see them, for `render` or `renderToString`. */
export function inApp(ui: ReactElement, { path = '/', store, config = testConfig }: { path?: string; store: AppStore; config?: RuntimeConfig }): ReactElement {
  return (
    <AppProviders store={store} config={config}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>
  );
}

/** Renders UI inside the app's providers and a memory router, as the pages see them. */
export function renderWithApp(ui: ReactElement, { path = '/', extra = { apiBaseUrl: 'http://api.test' } as ThunkExtra, store }: { path?: string; extra?: ThunkExtra; store?: AppStore } = {}) {
  const appStore = store ?? makeStore(extra);
  const result = render(inApp(ui, { path, store: appStore }));
  return { ...result, store: appStore };
}
