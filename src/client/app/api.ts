import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { selectToken, type SessionState } from '../features/session/sessionSlice';

/** What every thunk (and so every query) receives: where the API is and how to reach it. */
export interface ThunkExtra {
  apiBaseUrl: string;
  /** The server renders with a fetch that never leaves the process. */
  fetchFn?: typeof fetch;
}

/** Carries the server's cache into the browser's store at start. */
export const hydrate = createAction<unknown>('app/hydrate');

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = (args, api, extraOptions) => {
  const { apiBaseUrl, fetchFn } = api.extra as ThunkExtra;
  return fetchBaseQuery({
    baseUrl: apiBaseUrl,
    fetchFn,
    prepareHeaders: (headers, { getState }) => {
      const token = selectToken(getState() as { session: SessionState });
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  })(args, api, extraOptions);
};

/** The one RTK Query API; features inject their endpoints into it. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Post'],
  endpoints: () => ({}),
  extractRehydrationInfo(action, { reducerPath }) {
    if (hydrate.match(action)) return (action.payload as Record<string, never>)[reducerPath];
    return undefined;
  },
});
