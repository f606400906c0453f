import { createAction } from '@reduxjs/toolkit';
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';

/** What every thunk (and so every query) receives: where the API is and how to reach it. */
export interface ThunkExtra {
  apiBaseUrl: string;
  /** The server renders with a fetch that never leaves the process. */
  fetchFn?: typeof fetch;
  /** The bearer token to send, if any: the session feature wires it when it starts. */
  getToken?: () => string | null;
  /** Told when the API answers 401 to a request sent with this bearer token (the session decides). */
  onUnauthorized?: (token: string) => void;
  /** Makes the request an upload that reports its progress is sent with (tests reach an in-process server). */
  createXhr?: () => XMLHttpRequest;
}

/** Per-endpoint options: `anonymous` calls (sign-in, registration…) never carry the bearer token. */
interface ApiExtraOptions {
  anonymous?: boolean;
}

/** Carries the server's cache into the browser's store at start. */
export const hydrate = createAction<unknown>('app/hydrate');

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions = {},
) => {
  const { apiBaseUrl, fetchFn, getToken, onUnauthorized } = api.extra as ThunkExtra;
  let sentToken: string | null = null;
  const result = await fetchBaseQuery({
    baseUrl: apiBaseUrl,
    fetchFn,
    prepareHeaders: (headers) => {
      const token = getToken?.() ?? null;
      if (token && !extraOptions.anonymous && !headers.has('Authorization')) {
        headers.set('Authorization', `Bearer ${token}`);
        sentToken = token;
      }
      return headers;
    },
  })(args, api, extraOptions);
  // A 401 to our own token while it is unexpired means the server retired it (a password reset
  // elsewhere, say): the session machine logs out and goes to the login page (docs/product.md#rejected-tokens).
  if (result.error?.status === 401 && sentToken !== null) onUnauthorized?.(sentToken);
  return result;
};

/** The one RTK Query API; features inject their endpoints into it. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Post', 'CaseStudy'],
  endpoints: () => ({}),
  extractRehydrationInfo(action, { reducerPath }) {
    if (hydrate.match(action)) return (action.payload as Record<string, never>)[reducerPath];
    return undefined;
  },
});
