import type { CaseStudy, CaseStudyInput, OwnerCaseStudies } from '../../../shared/contract/case-studies';
import { baseApi } from '../../lib/api/base-api';

/** The case studies' one tag, the visitors' queries' too: any write may change the tiles, the list and a page. */
const caseStudies = { type: 'CaseStudy' as const, id: 'ALL' };
const invalidated = (_result: unknown, error: unknown) => (error ? [] : [caseStudies]);

/** The owner's calls: every case study and the featured slots, one by id, and the writes. */
const adminCaseStudiesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOwnerCaseStudies: build.query<OwnerCaseStudies, void>({ query: () => '/api/owner/case-studies', providesTags: [caseStudies] }),
    getOwnerCaseStudy: build.query<CaseStudy, string>({ query: (id) => `/api/owner/case-studies/${encodeURIComponent(id)}`, providesTags: [caseStudies] }),
    createCaseStudy: build.mutation<CaseStudy, CaseStudyInput>({
      query: (body) => ({ url: '/api/owner/case-studies', method: 'POST', body }),
      invalidatesTags: invalidated,
    }),
    updateCaseStudy: build.mutation<CaseStudy, CaseStudyInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/owner/case-studies/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: invalidated,
    }),
    deleteCaseStudy: build.mutation<void, string>({
      query: (id) => ({ url: `/api/owner/case-studies/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: invalidated,
    }),
    setFeatured: build.mutation<{ featured: (string | null)[] }, (string | null)[]>({
      query: (slots) => ({ url: '/api/owner/case-studies/featured', method: 'PUT', body: { slots } }),
      invalidatesTags: invalidated,
    }),
  }),
});

export const {
  useGetOwnerCaseStudiesQuery,
  useGetOwnerCaseStudyQuery,
  useCreateCaseStudyMutation,
  useUpdateCaseStudyMutation,
  useDeleteCaseStudyMutation,
  useSetFeaturedMutation,
} = adminCaseStudiesApi;
