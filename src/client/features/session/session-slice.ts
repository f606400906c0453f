import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../lib/store/store';

export type SessionStatus = 'restoring' | 'authenticated' | 'expiring' | 'loggedOut' | 'awaitingCode';

export interface SessionUser {
  sub?: string;
  email: string;
  exp: number;
  iat?: number;
}

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
}

const initialState: SessionState = { status: 'restoring', token: null, user: null };

/** An event the session machine received, as Redux DevTools may show it: plain values, no token. */
export interface SessionEventRecord {
  type: string;
  [field: string]: string | number | boolean | null;
}

/**
 * A mirror of the session machine, so that Redux DevTools shows the session and RTK Query can
 * read the bearer token. The machine is the only writer.
 */
const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionChanged: (_state, action: PayloadAction<SessionState>) => action.payload,
  },
  selectors: {
    selectSession: (state) => state,
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
  },
});

declare module '../../lib/store/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof sessionSlice> {}
}

// Injected when the session feature loads, which every entry does before its first render.
const injectedSessionSlice = sessionSlice.injectInto(rootReducer);

export const { sessionChanged } = sessionSlice.actions;
/** Only for Redux DevTools, beside the state it led to: nothing reduces it. */
export const sessionEvent = createAction<SessionEventRecord>('session/event');
export const { selectSession, selectToken, selectUser } = injectedSessionSlice.selectors;
