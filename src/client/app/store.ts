import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi, type ThunkExtra } from './api';
import { sessionSlice } from '../features/session/sessionSlice';

/**
 * Features with their own slices inject them (`rootReducer.inject(slice)`), so this file does not
 * grow with every feature and a visitor's bundle carries only the slices it uses.
 */
export const rootReducer = combineSlices(baseApi, sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

// Features extend this interface with the slices they inject.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(extra: ThunkExtra, preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(baseApi.middleware),
    devTools: process.env.NODE_ENV !== 'production' ? { name: 'Agency site' } : false,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
