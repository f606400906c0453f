import type { Portfolio } from '../../../../shared/contract/case-studies';
import { baseApi } from '../../../lib/api/base-api';
import type { PrefetchContext, PrefetchResult } from '../../../lib/page-module';

/** Every case study query and write hangs on this tag: any write may change the tiles, the list and a page. */
export const caseStudiesTag = { type: 'CaseStudy' as const, id: 'ALL' };

/**
 * What the home and portfolio pages read: the featured tiles and the list. Without the token: a
 * signed-in owner sees what visitors see, from the server's cache.
 */
const PORTFOLIO_PATH = '/api/case-studies';

const portfolioApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPortfolio: build.query<Portfolio, void>({ query: () => PORTFOLIO_PATH, extraOptions: { anonymous: true }, providesTags: [caseStudiesTag] }),
  }),
});

export const { useGetPortfolioQuery } = portfolioApi;

/**
 * The home and portfolio pages are rendered with the portfolio, which the server holds between
 * changes; a failing API answers 503 rather than a page without its work, which the pages' cache
 * would keep.
 */
export async function prefetchPortfolio({ store, read }: PrefetchContext): Promise<PrefetchResult | void> {
  let portfolio: Portfolio;
  try {
    portfolio = (await read(PORTFOLIO_PATH)) as Portfolio;
  } catch {
    return { status: 503 };
  }
  store.dispatch(portfolioApi.util.upsertQueryEntries([{ endpointName: 'getPortfolio', arg: undefined, value: portfolio }]));
}
