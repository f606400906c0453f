import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi, type ThunkExtra } from '../api/base-api';

/**
 * The one Redux store of the app. Features inject their slices (`slice.injectInto(rootReducer)`)
 * from their own modules, so this shared layer knows no feature, and a visitor's bundle carries
 * only the slices of the pages it loads.
 */
export const rootReducer = combineSlices(baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

// Features extend this interface with the slices they inject (module augmentation).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A copy with every `token` text replaced: the session's mirror, the sign-in answer kept by RTK
 * Query and the actions carrying them would otherwise show a live bearer token in every DevTools
 * snapshot and export. Development builds only.
 */
function hideTokens<T>(value: T, depth = 0): T {
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => hideTokens(item, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'token' && typeof item === 'string' ? '[hidden from DevTools]' : hideTokens(item, depth + 1)]),
  ) as T;
}

export function makeStore(extra: ThunkExtra, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(baseApi.middleware),
    // The bearer token would otherwise sit readable in every DevTools snapshot and export.
    devTools: process.env.NODE_ENV !== 'production' ? { name: 'Agency site', stateSanitizer: hideTokens, actionSanitizer: hideTokens } : false,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
