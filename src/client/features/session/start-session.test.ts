import type { UnknownAction } from '@reduxjs/toolkit';
import { SimulatedClock } from 'xstate';
import { makeStore } from '../../lib/store/store';
import { REDACTED } from './mirror-session';
import { createSessionStore, startSession } from './start-session';
import { selectSession, sessionChanged, sessionEvent } from './session-slice';
import { tokenFor } from './testing/tokens';

const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 6, 9, 0, 0);

function setUp() {
  const clock = new SimulatedClock();
  clock.set(START);
  const extra = { apiBaseUrl: 'http://api.test' };
  const store = makeStore(extra);
  const statuses: string[] = [selectSession(store.getState()).status];
  store.subscribe(() => {
    const { status } = selectSession(store.getState());
    if (statuses.at(-1) !== status) statuses.push(status);
  });
  const errors: unknown[] = [];
  const session = startSession(store, extra, { storage: () => window.localStorage, events: window, clock, logError: (message) => errors.push(message) });
  return { clock, store, statuses, session, errors };
}

function otherTabWrites(newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue, storageArea: window.localStorage }));
}

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

it('mirrors every transition of the machine into the Redux slice', () => {
  const { clock, store, statuses, session } = setUp();
  expect(selectSession(store.getState())).toEqual({ status: 'loggedOut', token: null, user: null });
  const token = tokenFor('owner@example.com', START, HOUR);
  session.actor.send({ type: 'LOGIN', token });
  expect(selectSession(store.getState())).toMatchObject({ status: 'authenticated', token, user: { email: 'owner@example.com' } });
  expect(window.localStorage.getItem('token')).toBe(token);
  clock.increment(HOUR - 60_000);
  clock.increment(60_000);
  expect(statuses).toEqual(['restoring', 'loggedOut', 'authenticated', 'expiring', 'loggedOut']);
  expect(window.localStorage.getItem('token')).toBeNull();
  session.stop();
});

it('restores a token kept in local storage before the first render', () => {
  const token = tokenFor('owner@example.com', START, HOUR);
  window.localStorage.setItem('token', token);
  const { store, session } = setUp();
  expect(selectSession(store.getState())).toMatchObject({ status: 'authenticated', token });
  session.stop();
});

it('logs a corrupt stored token to the console and clears it', () => {
  window.localStorage.setItem('token', 'corrupt');
  const { store, session, errors } = setUp();
  expect(selectSession(store.getState()).status).toBe('loggedOut');
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(errors).toEqual(['The stored session could not be restored.']);
  session.stop();
});

it('follows sign-in and sign-out in another tab through storage events', () => {
  const { store, session } = setUp();
  const token = tokenFor('owner@example.com', START, HOUR);
  otherTabWrites(token);
  expect(selectSession(store.getState())).toMatchObject({ status: 'authenticated', token });
  window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: null, storageArea: window.localStorage }));
  expect(selectSession(store.getState()).status).toBe('authenticated');
  otherTabWrites(null);
  expect(selectSession(store.getState())).toEqual({ status: 'loggedOut', token: null, user: null });
  session.stop();
  otherTabWrites(token);
  expect(selectSession(store.getState()).status).toBe('loggedOut');
});

it('keeps working for this page when local storage cannot be reached', () => {
  const extra = { apiBaseUrl: 'http://api.test' };
  const store = makeStore(extra);
  const errors: unknown[] = [];
  const session = startSession(store, extra, {
    storage: () => {
      throw new Error('SecurityError');
    },
    events: window,
    logError: (message) => errors.push(message),
  });
  session.actor.send({ type: 'LOGIN', token: tokenFor('owner@example.com', Date.now(), HOUR) });
  expect(selectSession(store.getState()).status).toBe('authenticated');
  expect(errors).toHaveLength(1);
  session.stop();
});

it('shows Redux DevTools one action per event the machine receives, with the token withheld', () => {
  const clock = new SimulatedClock();
  clock.set(START);
  const extra = { apiBaseUrl: 'http://api.test', fetchFn: async () => new Response(null, { status: 204 }) };
  const store = makeStore(extra);
  const actions: UnknownAction[] = [];
  const dispatch = store.dispatch;
  jest.spyOn(store, 'dispatch').mockImplementation((action) => {
    actions.push(action as UnknownAction);
    return dispatch(action);
  });
  const session = startSession(store, extra, { storage: () => window.localStorage, events: window, clock, logError: () => {} });
  const token = tokenFor('owner@example.com', START, HOUR);
  session.actor.send({ type: 'LOGIN', token });
  session.actor.send({ type: 'CHECK' });
  window.dispatchEvent(new Event('focus'));
  otherTabWrites(token);
  session.actor.send({ type: 'LOGOUT', redirect: false });

  const events = actions.filter(sessionEvent.match).map((action) => action.payload);
  expect(events).toEqual([
    { type: 'xstate.init' },
    { type: 'TOKEN_READ', token: null },
    { type: 'LOGIN', token: REDACTED },
    { type: 'CHECK' },
    { type: 'CHECK' },
    { type: 'STORAGE', token: REDACTED },
    { type: 'LOGOUT', redirect: false },
  ]);
  // Each event comes before the state it led to, and a state comes only when it changed.
  const sessionActions = actions.filter((action) => sessionChanged.match(action) || sessionEvent.match(action));
  expect(sessionActions.map((action) => (sessionChanged.match(action) ? action.payload.status : (action.payload as { type: string }).type))).toEqual([
    'xstate.init',
    'TOKEN_READ',
    'loggedOut',
    'LOGIN',
    'authenticated',
    'CHECK',
    'CHECK',
    'STORAGE',
    'LOGOUT',
    'loggedOut',
  ]);
  // The mirrored state carries the token (RTK Query sends it from there); the events never do.
  expect(JSON.stringify(events)).not.toContain(token);
  session.stop();
});

it('asks the server to end the token at Log Out, carrying that token, and ends the session whatever it answers', async () => {
  const calls: Request[] = [];
  const extra = {
    apiBaseUrl: 'http://api.test',
    fetchFn: async (request: RequestInfo | URL) => {
      calls.push(request as Request);
      throw new TypeError('Failed to fetch');
    },
  };
  const store = makeStore(extra);
  const session = startSession(store, extra, { storage: () => window.localStorage, events: window, logError: () => {} });
  const token = tokenFor('owner@example.com', Date.now(), HOUR);
  session.actor.send({ type: 'LOGIN', token });
  session.actor.send({ type: 'LOGOUT', redirect: false });
  expect(selectSession(store.getState()).status).toBe('loggedOut');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(calls.map((request) => [request.method, request.url, request.headers.get('authorization')])).toEqual([['POST', 'http://api.test/api/auth/logout', `Bearer ${token}`]]);
  expect(selectSession(store.getState()).status).toBe('loggedOut');
  session.stop();
});

it('shows the end of a session by its timer, and a start that failed, as events too', () => {
  window.localStorage.setItem('token', 'corrupt');
  const clock = new SimulatedClock();
  clock.set(START);
  const extra = { apiBaseUrl: 'http://api.test' };
  const store = makeStore(extra);
  const types: string[] = [];
  const dispatch = store.dispatch;
  jest.spyOn(store, 'dispatch').mockImplementation((action) => {
    if (sessionEvent.match(action)) types.push(action.payload.type);
    return dispatch(action);
  });
  const session = startSession(store, extra, { storage: () => window.localStorage, events: window, clock, logError: () => {} });
  session.actor.send({ type: 'LOGIN', token: tokenFor('owner@example.com', START, HOUR) });
  clock.increment(HOUR - 300_000);
  clock.increment(300_000);
  expect(selectSession(store.getState()).status).toBe('loggedOut');
  expect(types).toEqual([
    'xstate.init',
    'xstate.error.actor.storedToken',
    'LOGIN',
    'xstate.after.untilExpiring.session.authenticated',
    'xstate.after.untilExpiry.session.expiring',
  ]);
  session.stop();
});

it('keeps the session for this page when local storage refuses to save it, and says so once', () => {
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
  const { store, session, errors } = setUp();
  session.actor.send({ type: 'LOGIN', token: tokenFor('owner@example.com', START, HOUR) });
  expect(selectSession(store.getState()).status).toBe('authenticated');
  expect(errors).toEqual(['Local storage could not save "token".']);
  session.stop();
});

it('makes the store with the session already running in it', () => {
  const token = tokenFor('owner@example.com', Date.now(), HOUR);
  window.localStorage.setItem('token', token);
  const extra: { apiBaseUrl: string; getToken?: () => string | null } = { apiBaseUrl: 'http://api.test' };
  const { store, session } = createSessionStore(extra, { storage: () => window.localStorage, events: window });
  expect(selectSession(store.getState())).toMatchObject({ status: 'authenticated', token });
  expect(extra.getToken?.()).toBe(token);
  session.stop();
});
