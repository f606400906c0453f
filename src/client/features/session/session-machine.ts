import { assign, enqueueActions, fromCallback, raise, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { paths } from '../../../shared/paths';
import type { SessionState, SessionStatus, SessionUser } from './session-slice';
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
  /** Ends a token on the server too (Log Out), best effort: the session ends here whatever it answers. */
  endServerSession?: (token: string) => void;
}

interface SessionContext extends SessionInput {
  token: string | null;
  user: SessionUser | null;
  /** The second step's ticket while `awaitingCode`; never stored, so a reload starts the sign-in again. */
  mfaToken: string | null;
}

export type SessionEvent =
  /** A sign-in in this tab: the token the API answered. */
  | { type: 'LOGIN'; token: string }
  /** The password was right; the account asks for a code of its authenticator app next. */
  | { type: 'MFA_REQUIRED'; mfaToken: string }
  /** Sign-out; by default the app goes to the sign-in page. */
  | { type: 'LOGOUT'; redirect?: boolean }
  /** The person confirmed who they are for a change that needs it: a fresh token, and the page stays where it is. */
  | { type: 'REAUTHENTICATED'; token: string }
  /** The API answered 401 to a request made with this token. */
  | { type: 'REJECTED'; token: string }
  /** Another tab changed the stored token (null: removed). */
  | { type: 'STORAGE'; token: string | null }
  /** Look at the clock now: raised on entering a signed-in state, sent when the tab regains focus. */
  | { type: 'CHECK' }
  /** What `restoring` found in storage (null: nothing), once it decoded as one of ours. */
  | { type: 'TOKEN_READ'; token: string | null };

/** Where the app should go; the router listens for these. */
export type SessionEmitted = { type: 'redirect'; to: string; replace: boolean };

/** The server's mfaToken lives 5 minutes; the page gives up with it. */
export const MFA_TTL_MS = 5 * 60 * 1000;

const signedOut = { token: null, user: null, mfaToken: null };

function usable(token: string | null, now: number): SessionUser | null {
  if (token === null) return null;
  const user = decodeToken(token);
  return user && isUnexpired(user, now) ? user : null;
}

/** The token an event offers the session, if it offers one. */
function offeredToken(event: SessionEvent): string | null {
  return event.type === 'LOGIN' || event.type === 'REAUTHENTICATED' || event.type === 'STORAGE' || event.type === 'TOKEN_READ' ? event.token : null;
}

/**
 * Reads the token kept between visits for `restoring` to judge. A storage that refuses to be read,
 * or a token that cannot be decoded, fails the reader, so that the failure reaches the log.
 */
const readStoredToken = fromCallback<EventObject, TokenStorage>(({ input, sendBack }) => {
  const token = input.read();
  if (token !== null) decodeTokenOrThrow(token);
  sendBack({ type: 'TOKEN_READ', token });
});

/**
 * The session: restoring → authenticated ⇄ expiring → loggedOut, and loggedOut → awaitingCode →
 * authenticated for an account whose sign-in asks for a second factor.
 *
 * It owns the stored token, schedules the warning and the end from the token's `exp`, follows
 * other tabs, and emits `redirect` where the administrator must move. Timers run on the actor's
 * clock and validity is judged on `input.now`, so a simulated clock drives it all in tests.
 */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: { readStoredToken },
  guards: {
    nothingStored: ({ event }) => event.type === 'TOKEN_READ' && event.token === null,
    tokenUsable: ({ context, event }) => usable(offeredToken(event), context.now()) !== null,
    sameToken: ({ context, event }) => offeredToken(event) === context.token,
    rejectsCurrentToken: ({ context, event }) =>
      event.type === 'REJECTED' && event.token === context.token && context.user !== null && isUnexpired(context.user, context.now()),
    expiringDue: ({ context }) => context.now() >= expiringAtMs(context.user!),
    expired: ({ context }) => context.user === null || !isUnexpired(context.user, context.now()),
  },
  actions: {
    // Only after `tokenUsable`, which judged the clock.
    adoptToken: assign(({ event }) => {
      const token = offeredToken(event)!;
      return { token, user: decodeToken(token), mfaToken: null };
    }),
    clearSession: assign(signedOut),
    holdMfaToken: assign(({ event }) => ({ ...signedOut, mfaToken: event.type === 'MFA_REQUIRED' ? event.mfaToken : null })),
    goToCode: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'redirect', to: paths.adminLoginCode, replace: false })),
    goToLoginAgain: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'redirect', to: paths.adminLogin, replace: true })),
    storeToken: ({ context, event }) => {
      if (event.type === 'LOGIN' || event.type === 'REAUTHENTICATED') context.storage.write(event.token);
    },
    // Before the token is cleared: the server is told which one ends.
    endServerSession: ({ context }) => {
      if (context.token !== null) context.endServerSession?.(context.token);
    },
    removeToken: ({ context }) => context.storage.remove(),
    logRestoreFailure: ({ context }, { error }: { error: unknown }) => context.logError('The stored session could not be restored.', error),
    checkClock: raise({ type: 'CHECK' }),
    goToDashboard: enqueueActions(({ enqueue }) => enqueue.emit({ type: 'redirect', to: paths.adminDashboard, replace: false })),
    goToLogin: enqueueActions(({ enqueue, event }) => {
      if (event.type === 'LOGOUT' && event.redirect === false) return;
      enqueue.emit({ type: 'redirect', to: paths.adminLogin, replace: event.type === 'REJECTED' });
    }),
  },
  delays: {
    untilExpiring: ({ context }) => clampDelay(expiringAtMs(context.user!) - context.now()),
    untilExpiry: ({ context }) => clampDelay(expiresAtMs(context.user!) - context.now()),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, ...signedOut }),
  initial: 'restoring',
  // Events every state answers the same way.
  on: {
    LOGIN: [
      { guard: 'tokenUsable', target: '.authenticated', reenter: true, actions: ['adoptToken', 'storeToken', 'goToDashboard'] },
      { target: '.loggedOut', actions: ['clearSession', 'removeToken'] },
    ],
    LOGOUT: { target: '.loggedOut', actions: ['endServerSession', 'clearSession', 'removeToken', 'goToLogin'] },
    // Only a signed-in session is renewed; the page goes on with what it was doing.
    REAUTHENTICATED: { guard: 'tokenUsable', target: '.authenticated', reenter: true, actions: ['adoptToken', 'storeToken'] },
    // A second sign-in begun while signed in leaves the current session for the new one.
    MFA_REQUIRED: { target: '.awaitingCode', reenter: true, actions: ['holdMfaToken', 'removeToken', 'goToCode'] },
    // A 401 to an older or already expired token says nothing about the session.
    REJECTED: { guard: 'rejectsCurrentToken', target: '.loggedOut', actions: ['clearSession', 'removeToken', 'goToLogin'] },
    STORAGE: [
      { guard: 'sameToken' },
      // The other tab already wrote or removed the token: follow it without writing back.
      { guard: 'tokenUsable', target: '.authenticated', reenter: true, actions: 'adoptToken' },
      { target: '.loggedOut', actions: 'clearSession' },
    ],
  },
  states: {
    // Settles within `start()`, so the first render already knows whether a session was restored.
    restoring: {
      invoke: {
        id: 'storedToken',
        src: 'readStoredToken',
        input: ({ context }) => context.storage,
        // A failure during start is logged, and the session cleared without a redirect.
        onError: { target: 'loggedOut', actions: [{ type: 'logRestoreFailure', params: ({ event }) => ({ error: event.error }) }, 'removeToken'] },
      },
      on: {
        TOKEN_READ: [
          { guard: 'nothingStored', target: 'loggedOut' },
          { guard: 'tokenUsable', target: 'authenticated', actions: 'adoptToken' },
          // Expired: cleared without a redirect.
          { target: 'loggedOut', actions: 'removeToken' },
        ],
      },
    },
    authenticated: {
      // Entering judges the clock at once: a token may arrive already in its last minutes.
      entry: 'checkClock',
      // A clamped timer may fire early: entering again judges the clock and schedules the rest.
      after: { untilExpiring: { target: 'authenticated', reenter: true } },
      on: {
        CHECK: [
          // Timers are held back while the computer sleeps.
          { guard: 'expired', target: 'loggedOut', actions: ['clearSession', 'removeToken'] },
          { guard: 'expiringDue', target: 'expiring' },
        ],
      },
    },
    expiring: {
      entry: 'checkClock',
      after: { untilExpiry: { target: 'expiring', reenter: true } },
      on: {
        // The end of a session leaves the page where it is; the admin routes' guard moves it.
        CHECK: { guard: 'expired', target: 'loggedOut', actions: ['clearSession', 'removeToken'] },
      },
    },
    // Between the password and the code: no token yet, only the ticket for the second step.
    awaitingCode: {
      after: { [MFA_TTL_MS]: { target: 'loggedOut', actions: ['clearSession', 'goToLoginAgain'] } },
      on: {
        CHECK: {},
      },
    },
    loggedOut: {
      on: {
        // No token, no clock to judge.
        CHECK: {},
      },
    },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The part of the machine's state the Redux mirror shows. */
export function toSessionState(snapshot: SessionSnapshot): SessionState {
  return { status: snapshot.value as SessionStatus, token: snapshot.context.token, user: snapshot.context.user };
}
