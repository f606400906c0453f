import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../src/client/app/app-providers';
import { makeStore, type AppStore } from '../../src/client/lib/store/store';
import type { ThunkExtra } from '../../src/client/lib/api/base-api';
import type { RuntimeConfig } from '../../src/client/lib/runtime-config';
import { privacyPageLoaded, servicePagesLoaded, servicesOverviewLoaded, siteContentLoaded } from '../../src/client/lib/site-content/site-content-api';
import { renderMarkdownHtml } from '../../src/shared/markdown/render-html';
import { SERVICE_SLUGS } from '../../src/shared/service-slugs';
import { siteDefaults } from '../../src/shared/site-content/defaults';
import { privacySections } from '../../src/shared/site-content/privacy-sections';
import { servicesOverview } from '../../src/shared/site-content/services-overview';

export const testConfig = { siteUrl: 'https://agency.test', apiBaseUrl: '' };

/** The ten service pages of a fresh site as the API answers them, their text rendered as the server renders it. */
let defaultServicePages: Parameters<typeof servicePagesLoaded>[0] | undefined;
function servicePages() {
  defaultServicePages ??= Object.fromEntries(
    SERVICE_SLUGS.map((slug) => {
      const page = siteDefaults.services.pages[slug];
      return [slug, { ...page, html: renderMarkdownHtml(page.text, testConfig.siteUrl) }];
    }),
  );
  return defaultServicePages;
}

/** The privacy policy of a fresh site as the API answers it. */
let defaultPrivacyPage: Parameters<typeof privacyPageLoaded>[0] | undefined;
function privacyPage() {
  const { title, lead, updated } = siteDefaults.privacy;
  defaultPrivacyPage ??= { title, lead, updated, sections: privacySections(siteDefaults.privacy, testConfig.siteUrl) };
  return defaultPrivacyPage;
}

/**
 * UI inside the app's providers and a memory router, as the pages see them, for `render` or
 * `renderToString`; the store given the content a fresh site publishes, as the server's render
 * hands it to the browser.
 */
export function inApp(ui: ReactElement, { path = '/', store, config = testConfig }: { path?: string; store: AppStore; config?: RuntimeConfig }): ReactElement {
  store.dispatch(siteContentLoaded(siteDefaults));
  store.dispatch(servicesOverviewLoaded(servicesOverview(siteDefaults.services)));
  store.dispatch(servicePagesLoaded(servicePages()));
  store.dispatch(privacyPageLoaded(privacyPage()));
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
