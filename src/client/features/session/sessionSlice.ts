import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SessionStatus = 'restoring' | 'authenticated' | 'expiring' | 'loggedOut';

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

/**
 * A mirror of the session machine, so that Redux DevTools shows the session and RTK Query can
 * read the bearer token. The machine is the only writer.
 */
export const sessionSlice = createSlice({
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

export const { sessionChanged } = sessionSlice.actions;
export const { selectSession, selectToken, selectUser } = sessionSlice.selectors;
