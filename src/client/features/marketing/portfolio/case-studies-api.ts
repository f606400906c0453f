import type { CaseStudy, Portfolio } from '../../../../shared/contract/case-studies';
import { baseApi } from '../../../lib/api/base-api';
import type { PrefetchContext, PrefetchResult } from '../../../lib/page-module';

/** Every case study query and write hangs on this tag: any write may change the tiles, the list and a page. */
export const caseStudiesTag = { type: 'CaseStudy' as const, id: 'ALL' };

/** What visitors read: the portfolio (featured tiles and list) and a case study by slug. */
export const caseStudiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Without the token: a signed-in owner sees what visitors see, from the server's cache.
    getPortfolio: build.query<Portfolio, void>({ query: () => '/api/case-studies', extraOptions: { anonymous: true }, providesTags: [caseStudiesTag] }),
    getCaseStudy: build.query<CaseStudy, string>({
      query: (slug) => `/api/case-studies/${encodeURIComponent(slug)}`,
      extraOptions: { anonymous: true },
      providesTags: [caseStudiesTag],
    }),
  }),
});

export const { useGetPortfolioQuery, useGetCaseStudyQuery } = caseStudiesApi;

/**
 * The home and portfolio pages are rendered with the portfolio; a failing API answers 503 rather
 * than a page without its work, which the pages' cache would keep.
 */
export async function prefetchPortfolio({ store }: PrefetchContext): Promise<PrefetchResult | void> {
  const result = await store.dispatch(caseStudiesApi.endpoints.getPortfolio.initiate(undefined, { subscribe: false }));
  if (result.error) return { status: 503 };
}
