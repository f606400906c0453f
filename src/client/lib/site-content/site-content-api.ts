import { useStore } from 'react-redux';
import type { PublishedPrivacyPage, PublishedServicePage, PublishedServicesOverview } from '../../../shared/contract/site/api';
import type { SiteContent, SitePart } from '../../../shared/contract/site/parts';
import type { ServiceSlug } from '../../../shared/service-slugs';
import { baseApi } from '../api/base-api';
import type { AppStore, RootState } from '../store/store';
import { useSitePreview } from './site-preview-context';

/**
 * The live site content, a part at a time, and a service page on its own: each page's state
 * carries only what it shows (the services part with its ten pages is 23 kB). Without the token:
 * a signed-in owner sees what visitors see.
 */
const siteContentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSitePart: build.query<SiteContent[SitePart], SitePart>({ query: (part) => `/api/site/content/${part}`, extraOptions: { anonymous: true } }),
    getServicesOverview: build.query<PublishedServicesOverview, void>({ query: () => '/api/site/content/services/overview', extraOptions: { anonymous: true } }),
    getServicePage: build.query<PublishedServicePage, ServiceSlug>({ query: (slug) => `/api/site/content/services/${slug}`, extraOptions: { anonymous: true } }),
    getPrivacyPage: build.query<PublishedPrivacyPage, void>({ query: () => '/api/site/content/privacy/sections', extraOptions: { anonymous: true } }),
  }),
});

const { getSitePart, getServicesOverview, getServicePage, getPrivacyPage } = siteContentApi.endpoints;

/**
 * What a query's hook has read, else a thrown promise of it (or its error). The server renders a
 * page with what it declared (`prefetchSiteParts`), so the first render and hydration find it in
 * the store; a page reached by a link in the browser suspends until it arrives (the layout's
 * Suspense shows "Loading..."). In the owner's preview, the draft is read instead and nothing is
 * fetched.
 */
function readOrSuspend<T>(result: { data?: T; error?: unknown }, start: () => Promise<unknown>, what: string): T {
  if (result.data !== undefined) return result.data;
  if (result.error) throw new Error(`The site's ${what} could not be read.`);
  throw start();
}

/** A part of the live content. */
export function useSitePart<P extends SitePart>(part: P): SiteContent[P] {
  const store = useStore() as AppStore;
  const preview = useSitePreview();
  const result = getSitePart.useQuery(part, { skip: preview !== null });
  if (preview) return preview.content[part];
  return readOrSuspend(result, () => store.dispatch(getSitePart.initiate(part, { subscribe: false })), `${part} content`) as SiteContent[P];
}

/** Settings: the site's name and contact details, which every page's frame and metadata show. */
export const useSiteSettings = () => useSitePart('settings');

/** The live services overview, with each service page's title and image. */
export function useServicesOverview(): PublishedServicesOverview {
  const store = useStore() as AppStore;
  const preview = useSitePreview();
  const result = getServicesOverview.useQuery(undefined, { skip: preview !== null });
  if (preview) return preview.servicesOverview;
  return readOrSuspend(result, () => store.dispatch(getServicesOverview.initiate(undefined, { subscribe: false })), 'services overview');
}

/** One live service page, its text as HTML. */
export function useServicePage(slug: ServiceSlug): PublishedServicePage {
  const store = useStore() as AppStore;
  const preview = useSitePreview();
  const result = getServicePage.useQuery(slug, { skip: preview !== null });
  if (preview) return preview.servicePages[slug]!;
  return readOrSuspend(result, () => store.dispatch(getServicePage.initiate(slug, { subscribe: false })), `${slug} page`);
}

/** The live privacy policy in its sections. */
export function usePrivacyPage(): PublishedPrivacyPage {
  const store = useStore() as AppStore;
  const preview = useSitePreview();
  const result = getPrivacyPage.useQuery(undefined, { skip: preview !== null });
  if (preview) return preview.privacy;
  return readOrSuspend(result, () => store.dispatch(getPrivacyPage.initiate(undefined, { subscribe: false })), 'privacy policy');
}

/** Starts reading the parts a page shows, for the server's render (`siteContentFailed` says whether they came). */
export async function prefetchSiteParts(store: AppStore, parts: readonly SitePart[]): Promise<void> {
  await Promise.all(parts.map((part) => store.dispatch(getSitePart.initiate(part, { subscribe: false }))));
}

export async function prefetchServicesOverview(store: AppStore): Promise<void> {
  await store.dispatch(getServicesOverview.initiate(undefined, { subscribe: false }));
}

export async function prefetchServicePage(store: AppStore, slug: ServiceSlug): Promise<void> {
  await store.dispatch(getServicePage.initiate(slug, { subscribe: false }));
}

export async function prefetchPrivacyPage(store: AppStore): Promise<void> {
  await store.dispatch(getPrivacyPage.initiate(undefined, { subscribe: false }));
}

const SITE_CONTENT_ENDPOINTS = new Set(['getSitePart', 'getServicesOverview', 'getServicePage', 'getPrivacyPage']);

/**
 * Whether some site content a page asked for could not be read: the server then answers 503
 * rather than a page without its words, which the pages' cache would keep.
 */
export function siteContentFailed(state: RootState): boolean {
  return Object.values(state[baseApi.reducerPath].queries).some(
    (query) => query?.status === 'rejected' && SITE_CONTENT_ENDPOINTS.has(query.endpointName),
  );
}

/** Puts content in the store as if read from the API: a test's defaults. */
export function siteContentLoaded(content: Partial<SiteContent>) {
  return siteContentApi.util.upsertQueryEntries(
    (Object.entries(content) as [SitePart, SiteContent[SitePart]][]).map(([part, value]) => ({ endpointName: 'getSitePart' as const, arg: part, value })),
  );
}

/** Puts service pages in the store as if read from the API: a test's defaults. */
export function servicePagesLoaded(pages: Partial<Record<ServiceSlug, PublishedServicePage>>) {
  return siteContentApi.util.upsertQueryEntries(
    (Object.entries(pages) as [ServiceSlug, PublishedServicePage][]).map(([slug, value]) => ({ endpointName: 'getServicePage' as const, arg: slug, value })),
  );
}

/** Puts the services overview in the store as if read from the API: a test's defaults. */
export const servicesOverviewLoaded = (overview: PublishedServicesOverview) =>
  siteContentApi.util.upsertQueryEntries([{ endpointName: 'getServicesOverview', arg: undefined, value: overview }]);

/** Puts the privacy policy's sections in the store as if read from the API: a test's defaults. */
export const privacyPageLoaded = (page: PublishedPrivacyPage) => siteContentApi.util.upsertQueryEntries([{ endpointName: 'getPrivacyPage', arg: undefined, value: page }]);

/** The live Settings a store holds, if read: for code outside components (the server's page title). */
export const selectSiteSettings = (state: RootState) => getSitePart.select('settings')(state).data as SiteContent['settings'] | undefined;
