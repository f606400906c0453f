import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../src/client/app/app-providers';
import { makeStore, type AppStore } from '../../src/client/lib/store/store';
import type { ThunkExtra } from '../../src/client/lib/api/base-api';
import type { RuntimeConfig } from '../../src/client/lib/runtime-config';
import { siteContentLoaded, type HeldSiteContent } from '../../src/client/lib/site-content/site-content-api';
import { SERVICE_SLUGS } from '../../src/shared/service-slugs';
import { siteDefaults } from '../../src/shared/site-content/defaults';
import { siteSourceOf } from './site-source';

export const testConfig = { siteUrl: 'https://agency.test', apiBaseUrl: '' };

/** A fresh site's content, every part and page of it, as the API answers it. */
let defaults: HeldSiteContent | undefined;
function freshSite(): HeldSiteContent {
  if (!defaults) {
    const source = siteSourceOf(siteDefaults, testConfig.siteUrl);
    defaults = {
      parts: siteDefaults,
      servicesOverview: source.servicesOverview(),
      servicePages: Object.fromEntries(SERVICE_SLUGS.map((slug) => [slug, source.servicePage(slug)])),
      privacy: source.privacyPage(),
    };
  }
  return defaults;
}

/**
 * UI inside the app's providers and a memory router, as the pages see them, for `render` or
 * `renderToString`; the store given the content a fresh site publishes, as the server's render
 * hands it to the browser.
 */
export function inApp(ui: ReactElement, { path = '/', store, config = testConfig }: { path?: string; store: AppStore; config?: RuntimeConfig }): ReactElement {
  store.dispatch(siteContentLoaded(freshSite()));
  return (
    <AppProviders store={store} config={config}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>
  );
}

/** Renders UI inside the app's providers and a memory router, as the pages see them (`inApp`). */
export function renderWithApp(ui: ReactElement, { path = '/', extra = { apiBaseUrl: 'http://api.test' } as ThunkExtra, store }: { path?: string; extra?: ThunkExtra; store?: AppStore } = {}) {
  const appStore = store ?? makeStore(extra);
  const result = render(inApp(ui, { path, store: appStore }));
  return { ...result, store: appStore };
}
