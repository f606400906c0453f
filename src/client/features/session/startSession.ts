import type { AppStore } from '../../app/store';
import { sessionChanged } from './sessionSlice';

/**
 * Starts the browser's session. The walking skeleton knows no sign-in yet: it settles on
 * "logged out". The session machine (admin issue) replaces this body.
 */
export function startSession(store: AppStore): void {
  store.dispatch(sessionChanged({ status: 'loggedOut', token: null, user: null }));
}
