import { useSelector } from '@xstate/react';
import { useSessionActor, type SessionSnapshot, type SessionState, type SessionStatus, type SessionUser } from '../session';

// What the store's mirror holds too (the session's `toSessionState`), read here from the snapshot
// itself: an export of the app chunk that another chunk calls costs every first load its bytes.
const sessionOf = (snapshot: SessionSnapshot): SessionState => ({ status: snapshot.value as SessionStatus, token: snapshot.context.token, user: snapshot.context.user });
const tokenOf = (snapshot: SessionSnapshot) => snapshot.context.token;
const userOf = (snapshot: SessionSnapshot) => snapshot.context.user;

// A new object per snapshot: equal when what it holds is, so that a snapshot changing nothing
// renders nothing.
function sameSession(a: SessionState, b: SessionState): boolean {
  return a.status === b.status && a.token === b.token && a.user === b.user;
}

/*
 * The admin area's reading of the session: straight from the machine, through @xstate/react. They
 * live with the admin shell rather than in the session's entry, which the app chunk of every
 * visitor's page loads: @xstate/react there would cost every first load half a kilobyte.
 */

/** The session as the machine holds it: its state, token and user. */
export function useSession(): SessionState {
  return useSelector(useSessionActor(), sessionOf, sameSession);
}

export function useSessionToken(): string | null {
  return useSelector(useSessionActor(), tokenOf);
}

export function useSessionUser(): SessionUser | null {
  return useSelector(useSessionActor(), userOf);
}
