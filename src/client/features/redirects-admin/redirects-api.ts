import type { NewRedirect, NotFoundPath, Redirect } from '../../../shared/contract/redirects';
import { baseApi } from '../../lib/api/base-api';

const withRedirectTags = baseApi.enhanceEndpoints({ addTagTypes: ['Redirect'] });
const redirects = { type: 'Redirect' as const, id: 'LIST' };
const notFound = { type: 'Redirect' as const, id: 'NOT-FOUND' };

/** The owner's redirects and the not-found log (bearer token). */
const redirectsApi = withRedirectTags.injectEndpoints({
  endpoints: (build) => ({
    getRedirects: build.query<Redirect[], void>({ query: () => '/api/redirects', providesTags: [redirects] }),
    getNotFound: build.query<NotFoundPath[], void>({ query: () => '/api/not-found', providesTags: [notFound] }),
    addRedirect: build.mutation<Redirect, NewRedirect>({
      query: (body) => ({ url: '/api/redirects', method: 'POST', body }),
      invalidatesTags: [redirects, notFound],
    }),
    removeRedirect: build.mutation<void, string>({
      query: (id) => ({ url: `/api/redirects/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [redirects, notFound],
    }),
  }),
});

export const { useGetRedirectsQuery, useGetNotFoundQuery, useAddRedirectMutation, useRemoveRedirectMutation } = redirectsApi;
