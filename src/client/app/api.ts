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
  /** Told when the API answers 401 to a request sent with this bearer token (the session decides). */
  onUnauthorized?: (token: string) => void;
}

/** Per-endpoint options: `anonymous` calls (sign-in, registration…) never carry the bearer token. */
export interface ApiExtraOptions {
  anonymous?: boolean;
}

/** Carries the server's cache into the browser's store at start. */
export const hydrate = createAction<unknown>('app/hydrate');

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions = {},
) => {
  const { apiBaseUrl, fetchFn, onUnauthorized } = api.extra as ThunkExtra;
  let sentToken: string | null = null;
  const result = await fetchBaseQuery({
    baseUrl: apiBaseUrl,
    fetchFn,
    prepareHeaders: (headers, { getState }) => {
      const token = selectToken(getState() as { session: SessionState });
      if (token && !extraOptions.anonymous && !headers.has('Authorization')) {
        headers.set('Authorization', `Bearer ${token}`);
        sentToken = token;
      }
      return headers;
    },
  })(args, api, extraOptions);
  // A 401 to our own token while it is unexpired means the server retired it (a password reset
  // elsewhere, say): the session machine logs out and goes to the login page (decisions.md).
  if (result.error?.status === 401 && sentToken !== null) onUnauthorized?.(sentToken);
  return result;
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
