import { createActor } from 'xstate';
import { TOKEN_STORAGE_KEY } from '../../../shared/constants';
import type { ThunkExtra } from '../../lib/api/base-api';
import { openLocalStore } from '../../lib/local-storage';
import { makeStore, type AppStore } from '../../lib/store/store';
import { authApi } from './auth-api';
import { mirrorSession } from './mirror-session';
import { sessionMachine, type SessionActor, type TokenStorage } from './session-machine';
import { selectToken } from './session-slice';

/** The timers and time the machine runs on: the browser's, or a simulated clock in tests. */
interface SessionClock {
  setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

export interface SessionEnvironment {
  /** A function, because merely reaching local storage throws where the browser forbids it. */
  storage: () => Storage;
  /** Where storage events from other tabs arrive. */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  clock?: SessionClock;
  logError?: (message: string, error: unknown) => void;
}

export interface RunningSession {
  actor: SessionActor;
  stop(): void;
}

/**
 * Starts the session machine for this tab and mirrors it into the Redux store, so that Redux
 * DevTools show its events and states and RTK Query reads the bearer token from it. Runs before
 * hydration, so the first render already knows whether a token was restored.
 */
export function startSession(store: AppStore, extra: ThunkExtra, env: SessionEnvironment = { storage: () => window.localStorage, events: window }): RunningSession {
  const logError = env.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const local = openLocalStore(logError, env.storage);
  const storage: TokenStorage = {
    read: () => local.read(TOKEN_STORAGE_KEY),
    write: (token) => local.write(TOKEN_STORAGE_KEY, token),
    remove: () => local.remove(TOKEN_STORAGE_KEY),
  };
  const mirror = mirrorSession(store);
  const clock = env.clock;
  const actor = createActor(sessionMachine, {
    input: {
      storage,
      now: clock ? () => clock.now() : Date.now,
      logError,
      // Best effort: Log Out ends the session here whatever the server answers, or if it cannot be reached.
      endServerSession: (token) => void store.dispatch(authApi.endpoints.logout.initiate(token)),
    },
    inspect: mirror.inspect,
    ...(clock ? { clock } : {}),
  });
  actor.subscribe(mirror.observe);
  actor.start();
  // RTK Query sends the mirrored token, and hands a refused one back to the machine.
  extra.getToken = () => selectToken(store.getState());
  extra.onUnauthorized = (token) => actor.send({ type: 'REJECTED', token });

  // Signing in or out in another tab does the same here.
  const onStorage = (event: StorageEvent) => {
    if (local.area === null || event.storageArea !== local.area || (event.key !== TOKEN_STORAGE_KEY && event.key !== null)) return;
    actor.send({ type: 'STORAGE', token: event.key === null ? null : event.newValue });
  };
  // Timers sleep with the computer; coming back to the tab looks at the clock again.
  const onFocus = () => actor.send({ type: 'CHECK' });
  env.events.addEventListener('storage', onStorage);
  env.events.addEventListener('focus', onFocus);
  return {
    actor,
    stop() {
      env.events.removeEventListener('storage', onStorage);
      env.events.removeEventListener('focus', onFocus);
      actor.stop();
    },
  };
}

/** The app's store with this tab's session running in it: what every entry starts from. */
export function createSessionStore(extra: ThunkExtra, env?: SessionEnvironment): { store: AppStore; session: RunningSession } {
  const store = makeStore(extra);
  return { store, session: startSession(store, extra, env) };
}
