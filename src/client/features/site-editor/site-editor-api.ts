import type { Publication, SiteEditorState, SitePreview, SiteProblem } from '../../../shared/contract/site/api';
import type { SiteContent, SitePart } from '../../../shared/contract/site/parts';
import { baseApi } from '../../lib/api/base-api';

/** What a write to the draft answers: its new version and what the publish checks say of it now. */
interface DraftSaved {
  draftVersion: number;
  problems: SiteProblem[];
}

const state = { type: 'SiteDraft' as const, id: 'STATE' };
const publications = { type: 'SiteDraft' as const, id: 'PUBLICATIONS' };

/**
 * The owner's site content calls (docs/product.md#site-content). Every write carries the draft
 * version its form was read at, so a change made meanwhile in another tab answers 409.
 */
const siteEditorApi = baseApi.enhanceEndpoints({ addTagTypes: ['SiteDraft'] }).injectEndpoints({
  endpoints: (build) => ({
    getSiteEditor: build.query<SiteEditorState, void>({ query: () => '/api/site', providesTags: [state] }),
    // Tagged with the editor's state, so that a save in the editor's tab redraws an open preview's words.
    getSitePreview: build.query<SitePreview, void>({ query: () => '/api/site/preview', providesTags: [state] }),
    getSitePublications: build.query<Publication[], void>({ query: () => '/api/site/publications', providesTags: [publications] }),
    saveSitePart: build.mutation<DraftSaved, { part: SitePart; version: number; content: SiteContent[SitePart] }>({
      query: ({ part, version, content }) => ({ url: `/api/site/draft/${part}`, method: 'PUT', body: { version, content } }),
      invalidatesTags: [state],
    }),
    resetSitePart: build.mutation<DraftSaved, { part: SitePart; version: number }>({
      query: ({ part, version }) => ({ url: `/api/site/draft/${part}/reset`, method: 'POST', body: { version } }),
      invalidatesTags: [state],
    }),
    discardSiteDraft: build.mutation<DraftSaved, void>({ query: () => ({ url: '/api/site/draft', method: 'DELETE' }), invalidatesTags: [state] }),
    publishSite: build.mutation<Publication, { version: number }>({
      query: ({ version }) => ({ url: '/api/site/publish', method: 'POST', body: { version } }),
      // A refusal changes nothing; a stale version means the draft moved on: read it again.
      invalidatesTags: (_result, error) => (error && error.status === 422 ? [] : [state, publications]),
    }),
    restoreSitePublication: build.mutation<Publication, number>({
      query: (id) => ({ url: `/api/site/publications/${id}/restore`, method: 'POST' }),
      invalidatesTags: [state, publications],
    }),
  }),
});

export const {
  useGetSiteEditorQuery,
  useGetSitePublicationsQuery,
  useGetSitePreviewQuery,
  useSaveSitePartMutation,
  useResetSitePartMutation,
  useDiscardSiteDraftMutation,
  usePublishSiteMutation,
  useRestoreSitePublicationMutation,
} = siteEditorApi;
