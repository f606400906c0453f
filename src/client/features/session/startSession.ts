import { createActor } from 'xstate';
import { TOKEN_STORAGE_KEY } from '../../../shared/constants';
import type { AppStore } from '../../app/store';
import { localTokenStorage, sessionMachine, toSessionState, type SessionActor } from './sessionMachine';
import { sessionChanged } from './sessionSlice';

/** The timers and time the machine runs on: the browser's, or a simulated clock in tests. */
export interface SessionClock {
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
 * Starts the session machine for this tab and mirrors every transition into the Redux store, so
 * Redux DevTools shows it and RTK Query reads the bearer token from it. Runs before hydration, so
 * the first render already knows whether a token was restored.
 */
export function startSession(store: AppStore, env: SessionEnvironment = { storage: () => window.localStorage, events: window }): RunningSession {
  const logError = env.logError ?? ((message: string, error: unknown) => console.error(message, error));
  let storage: Storage | null = null;
  try {
    storage = env.storage();
  } catch (error) {
    logError('Local storage is not available; the session lasts as long as this page.', error);
  }
  const actor = createActor(sessionMachine, {
    input: {
      storage: storage ? localTokenStorage(storage, TOKEN_STORAGE_KEY, logError) : memoryTokenStorage(),
      now: env.clock ? () => env.clock!.now() : Date.now,
      logError,
    },
    ...(env.clock ? { clock: env.clock } : {}),
  });
  actor.subscribe((snapshot) => store.dispatch(sessionChanged(toSessionState(snapshot))));
  actor.start();

  // Signing in or out in another tab does the same here (decisions.md).
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storage || (event.key !== TOKEN_STORAGE_KEY && event.key !== null)) return;
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

function memoryTokenStorage() {
  let token: string | null = null;
  return {
    read: () => token,
    write: (value: string) => {
      token = value;
    },
    remove: () => {
      token = null;
    },
  };
}
