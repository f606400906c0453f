import { useStore } from 'react-redux';
import type { PublishedPrivacyPage, PublishedServicePage, PublishedServicesOverview } from '../../../shared/contract/site/api';
import type { SiteContent, SitePart } from '../../../shared/contract/site/parts';
import type { ServiceSlug } from '../../../shared/service-slugs';
import type { SiteContentSource } from '../../../shared/site-content/content-source';
import { baseApi } from '../api/base-api';
import type { AppStore } from '../store/store';
import { useSiteContentSource } from './content-source-context';

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
 * page with its content at hand and hands what it read to the browser in the store, so the first
 * render and hydration find it there; a page reached by a link in the browser suspends until it
 * arrives (the layout's Suspense shows "Loading..."). In the owner's preview the draft is at hand,
 * and nothing is fetched.
 */
function readOrSuspend<T>(result: { data?: T; error?: unknown }, start: () => Promise<unknown>, what: string): T {
  if (result.data !== undefined) return result.data;
  if (result.error) throw new Error(`The site's ${what} could not be read.`);
  throw start();
}

/**
 * The server's render always has the content at hand, so its hooks read it and nothing else: a
 * query hook that is skipped still costs a twelfth of a page's render. The choice is made once,
 * for the process, so each component calls the same hooks on every render.
 */
const onServer = typeof window === 'undefined';

/** What the hooks need of a query endpoint: its hook, and how to start it for Suspense. */
interface ContentEndpoint<A, T> {
  useQuery(arg: A, options: { skip: boolean }): { data?: T; error?: unknown };
  initiate(arg: A, options: { subscribe: false }): (...thunk: never[]) => Promise<unknown>;
}

/** The hook reading one kind of content: from the source at hand, else from the query. */
function contentHook<A, T>(endpoint: ContentEndpoint<A, T>, fromSource: (source: SiteContentSource, arg: A) => T, what: (arg: A) => string): (arg: A) => T {
  if (onServer) {
    return function useHeldContent(arg) {
      const source = useSiteContentSource();
      if (!source) throw new Error('The server renders with the site content at hand.');
      return fromSource(source, arg);
    };
  }
  return function useLiveContent(arg) {
    const store = useStore() as AppStore;
    const source = useSiteContentSource();
    const result = endpoint.useQuery(arg, { skip: source !== null });
    if (source) return fromSource(source, arg);
    return readOrSuspend(result, () => store.dispatch(endpoint.initiate(arg, { subscribe: false }) as never) as Promise<unknown>, what(arg));
  };
}

/** A part of the live content. */
export const useSitePart = contentHook<SitePart, SiteContent[SitePart]>(getSitePart, (source, part) => source.part(part), (part) => `${part} content`) as <P extends SitePart>(part: P) => SiteContent[P];

/** Settings: the site's name and contact details, which every page's frame and metadata show. */
export const useSiteSettings = () => useSitePart('settings');

/** The live services overview, with each service page's title and image. */
export const useServicesOverview: () => PublishedServicesOverview = contentHook<void, PublishedServicesOverview>(
  getServicesOverview,
  (source) => source.servicesOverview(),
  () => 'services overview',
);

/** One live service page, its text as HTML. */
export const useServicePage = contentHook<ServiceSlug, PublishedServicePage>(getServicePage, (source, slug) => source.servicePage(slug), (slug) => `${slug} page`);

/** The live privacy policy in its sections. */
export const usePrivacyPage: () => PublishedPrivacyPage = contentHook<void, PublishedPrivacyPage>(
  getPrivacyPage,
  (source) => source.privacyPage(),
  () => 'privacy policy',
);

/** Site content as the API answers it, by what asks for it. */
export interface HeldSiteContent {
  parts?: Partial<SiteContent>;
  servicesOverview?: PublishedServicesOverview;
  servicePages?: Partial<Record<ServiceSlug, PublishedServicePage>>;
  privacy?: PublishedPrivacyPage;
}

/**
 * Puts content in the store as if read from the API, in one action: what the server's render
 * read, for the browser to hydrate with; a test's defaults.
 */
export function siteContentLoaded({ parts = {}, servicesOverview, servicePages = {}, privacy }: HeldSiteContent) {
  return siteContentApi.util.upsertQueryEntries([
    ...(Object.entries(parts) as [SitePart, SiteContent[SitePart]][]).map(([part, value]) => ({ endpointName: 'getSitePart' as const, arg: part, value })),
    ...(servicesOverview ? [{ endpointName: 'getServicesOverview' as const, arg: undefined, value: servicesOverview }] : []),
    ...(Object.entries(servicePages) as [ServiceSlug, PublishedServicePage][]).map(([slug, value]) => ({ endpointName: 'getServicePage' as const, arg: slug, value })),
    ...(privacy ? [{ endpointName: 'getPrivacyPage' as const, arg: undefined, value: privacy }] : []),
  ]);
}
