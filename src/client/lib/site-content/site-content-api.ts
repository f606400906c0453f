import { useStore } from 'react-redux';
import type { SiteContent, SitePart } from '../../../shared/contract/site/parts';
import { baseApi } from '../api/base-api';
import type { PrefetchResult } from '../page-module';
import type { AppStore } from '../store/store';

/**
 * The live site content, a part at a time: each page's state carries only the parts it shows
 * (the services part alone is 23 kB). Without the token: a signed-in owner sees what visitors see.
 */
const siteContentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSitePart: build.query<SiteContent[SitePart], SitePart>({
      query: (part) => `/api/site/content/${part}`,
      extraOptions: { anonymous: true },
    }),
  }),
});

const { useGetSitePartQuery } = siteContentApi;

/**
 * A part of the live content. The server renders a page with the parts it declared (see
 * `prefetchSiteParts`), so the first render and hydration find them in the store; a page reached by
 * a link in the browser suspends until its part arrives (the layout's Suspense shows "Loading...").
 */
export function useSitePart<P extends SitePart>(part: P): SiteContent[P] {
  const store = useStore() as AppStore;
  const { data, error } = useGetSitePartQuery(part);
  if (data) return data as SiteContent[P];
  if (error) throw new Error(`The site's ${part} content could not be read.`);
  throw store.dispatch(siteContentApi.endpoints.getSitePart.initiate(part, { subscribe: false }));
}

/** Settings: the site's name and contact details, which every page's frame and metadata show. */
export const useSiteSettings = () => useSitePart('settings');

/**
 * Starts reading the parts a page shows, for the server's render. A part that cannot be read
 * answers 503 rather than a page without its words, which the pages' cache would keep.
 */
export async function prefetchSiteParts(store: AppStore, parts: readonly SitePart[]): Promise<PrefetchResult | void> {
  const results = await Promise.all(parts.map((part) => store.dispatch(siteContentApi.endpoints.getSitePart.initiate(part, { subscribe: false }))));
  if (results.some((result) => result.error)) return { status: 503 };
}

/** Puts content in the store as if read from the API: a preview's draft, a test's defaults. */
export function siteContentLoaded(content: Partial<SiteContent>) {
  return siteContentApi.util.upsertQueryEntries(
    (Object.entries(content) as [SitePart, SiteContent[SitePart]][]).map(([part, value]) => ({ endpointName: 'getSitePart' as const, arg: part, value })),
  );
}

/** The live Settings a store holds, if read: for code outside components (the server's page title). */
export const selectSiteSettings = (state: ReturnType<AppStore['getState']>) =>
  siteContentApi.endpoints.getSitePart.select('settings')(state).data as SiteContent['settings'] | undefined;
