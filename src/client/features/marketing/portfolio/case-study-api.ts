import type { CaseStudy } from '../../../../shared/contract/case-studies';
import { baseApi } from '../../../lib/api/base-api';
import { caseStudiesTag } from './case-studies-api';

/** A published case study by its slug, with its HTML: the case study page's one read (kept out of the home page's bundle). */
export const caseStudyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCaseStudy: build.query<CaseStudy, string>({
      query: (slug) => `/api/case-studies/${encodeURIComponent(slug)}`,
      extraOptions: { anonymous: true },
      providesTags: [caseStudiesTag],
    }),
  }),
});

export const { useGetCaseStudyQuery } = caseStudyApi;
