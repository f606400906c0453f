import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SessionState, SessionStatus, SessionUser } from './sessionSlice';
import { clampDelay, decodeToken, decodeTokenOrThrow, expiresAtMs, expiringAtMs, isUnexpired } from './token';

/** Where the token is kept between visits (local storage under `token` in the browser). */
export interface TokenStorage {
  read(): string | null;
  write(token: string): void;
  remove(): void;
}

/** What the machine needs from the world, injected so that tests run it with a simulated clock. */
export interface SessionInput {
  storage: TokenStorage;
  /** Milliseconds since the epoch, on the same clock as the actor's timers. */
  now: () => number;
  logError: (message: string, error: unknown) => void;
}

interface SessionContext extends SessionInput {
  token: string | null;
  user: SessionUser | null;
  /** Set at start when storage held a token that is expired or unreadable. */
  discardStored: boolean;
}

export type SessionEvent =
  /** A sign-in in this tab: the token the API answered. */
  | { type: 'LOGIN'; token: string }
  /** Sign-out; by default the app goes to /admin/login. */
  | { type: 'LOGOUT'; redirect?: boolean }
  /** The API answered 401 to a request made with this token. */
  | { type: 'REJECTED'; token: string }
  /** Another tab changed the stored token (null: removed). */
  | { type: 'STORAGE'; token: string | null }
  /** Look at the clock now (a guard entering an admin page, a tab waking up). */
  | { type: 'CHECK' };

/** Where the app should go; the router listens for these. */
export type SessionEmitted = { type: 'redirect'; to: string; replace: boolean };

export const LOGIN_PATH = '/admin/login';
export const DASHBOARD_PATH = '/admin/dashboard';

const signedOut = { token: null, user: null };

/** The token in storage at start, if it is still usable; a failure to read it is logged. */
function restore(input: SessionInput): Pick<SessionContext, 'token' | 'user' | 'discardStored'> {
  let token: string | null;
  try {
    token = input.storage.read();
  } catch (error) {
    input.logError('The stored session could not be restored.', error);
    return { ...signedOut, discardStored: false };
  }
  if (token === null) return { ...signedOut, discardStored: false };
  try {
    const user = decodeTokenOrThrow(token);
    if (!user) throw new Error('The stored token carries no email or expiry.');
    return isUnexpired(user, input.now()) ? { token, user, discardStored: false } : { ...signedOut, discardStored: true };
  } catch (error) {
    input.logError('The stored session could not be restored.', error);
    return { ...signedOut, discardStored: true };
  }
}

function usable(token: string | null, now: number): SessionUser | null {
  if (token === null) return null;
  const user = decodeToken(token);
  return user && isUnexpired(user, now) ? user : null;
}

/**
 * The session (spec 4, decisions.md "Tokens and the session"):
 * restoring → authenticated ⇄ expiring → loggedOut.
 *
 * It owns the stored token, schedules the warning and the end from the token's `exp`, follows
 * other tabs, and emits `redirect` where the spec moves the administrator. Timers run on the
 * actor's clock and validity is judged on `input.now`, so a simulated clock drives it all in tests.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  guards: {
    hasSession: ({ context }) => context.user !== null,
    storedTokenUnusable: ({ context }) => context.discardStored,
    loginTokenUsable: ({ context, event }) => event.type === 'LOGIN' && usable(event.token, context.now()) !== null,
    storedTokenUsable: ({ context, event }) => event.type === 'STORAGE' && usable(event.token, context.now()) !== null,
    sameStoredToken: ({ context, event }) => event.type === 'STORAGE' && event.token === context.token,
    rejectsCurrentToken: ({ context, event }) =>
      event.type === 'REJECTED' && event.token === context.token && context.user !== null && isUnexpired(context.user, context.now()),
    expiringDue: ({ context }) => context.user === null || context.now() >= expiringAtMs(context.user),
    expired: ({ context }) => context.user === null || !isUnexpired(context.user, context.now()),
  },
  actions: {
    adoptToken: assign(({ context, event }) => {
      const token = event.type === 'LOGIN' || event.type === 'STORAGE' ? event.token : null;
      const user = usable(token, context.now());
      return user ? { token, user } : signedOut;
    }),
    clearSession: assign(signedOut),
    storeToken: ({ context, event }) => {
      if (event.type === 'LOGIN') context.storage.write(event.token);
    },
    removeToken: ({ context }) => context.storage.remove(),
    goToDashboard: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'redirect', to: DASHBOARD_PATH, replace: false })),
    goToLogin: enqueueActions(({ enqueue, event }) => {
      if (event.type === 'LOGOUT' && event.redirect === false) return;
      enqueue.emit({ type: 'redirect', to: LOGIN_PATH, replace: event.type === 'REJECTED' });
    }),
  },
  delays: {
    untilExpiring: ({ context }) => clampDelay(expiringAtMs(context.user!) - context.now()),
    untilExpiry: ({ context }) => clampDelay(expiresAtMs(context.user!) - context.now()),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, ...restore(input) }),
  initial: 'restoring',
  // Events every state answers the same way.
  on: {
    LOGIN: [
      { guard: 'loginTokenUsable', target: '.authenticated', reenter: true, actions: ['adoptToken', 'storeToken', 'goToDashboard'] },
      { target: '.loggedOut', actions: ['clearSession', 'removeToken'] },
    ],
    LOGOUT: { target: '.loggedOut', actions: ['clearSession', 'removeToken', 'goToLogin'] },
    REJECTED: { guard: 'rejectsCurrentToken', target: '.loggedOut', actions: ['clearSession', 'removeToken', 'goToLogin'] },
    STORAGE: [
      { guard: 'sameStoredToken' },
      // The other tab already wrote or removed the token: follow it without writing back.
      { guard: 'storedTokenUsable', target: '.authenticated', reenter: true, actions: 'adoptToken' },
      { target: '.loggedOut', actions: 'clearSession' },
    ],
  },
  states: {
    restoring: {
      // An expired or unreadable token is cleared without a redirect (spec 4).
      always: [
        { guard: 'hasSession', target: 'authenticated' },
        { guard: 'storedTokenUnusable', target: 'loggedOut', actions: 'removeToken' },
        { target: 'loggedOut' },
      ],
    },
    authenticated: {
      always: { guard: 'expiringDue', target: 'expiring' },
      // A clamped timer may fire early: entering again looks at the clock and schedules the rest.
      after: { untilExpiring: { target: 'authenticated', reenter: true } },
    },
    expiring: {
      always: { guard: 'expired', target: 'loggedOut', actions: ['clearSession', 'removeToken'] },
      after: { untilExpiry: { target: 'expiring', reenter: true } },
    },
    loggedOut: {},
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The part of the machine's state the Redux mirror shows. */
export function toSessionState(snapshot: SessionSnapshot): SessionState {
  return { status: snapshot.value as SessionStatus, token: snapshot.context.token, user: snapshot.context.user };
}

/** Local storage under `token` (spec 4); a storage that refuses (private mode, quota) is logged, not fatal. */
export function localTokenStorage(storage: Storage, key: string, logError: SessionInput['logError']): TokenStorage {
  return {
    read: () => storage.getItem(key),
    write: (token) => {
      try {
        storage.setItem(key, token);
      } catch (error) {
        logError('The session could not be saved for other tabs and visits.', error);
      }
    },
    remove: () => {
      try {
        storage.removeItem(key);
      } catch (error) {
        logError('The stored session could not be removed.', error);
      }
    },
  };
}
