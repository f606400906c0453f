import { SimulatedClock } from 'xstate';
import { makeStore } from '../../app/store';
import { startSession } from './startSession';
import { selectSession } from './sessionSlice';
import { tokenFor } from './testing/tokens';

const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 6, 9, 0, 0);

function setUp() {
  const clock = new SimulatedClock();
  clock.set(START);
  const store = makeStore({ apiBaseUrl: 'http://api.test' });
  const statuses: string[] = [selectSession(store.getState()).status];
  store.subscribe(() => {
    const { status } = selectSession(store.getState());
    if (statuses.at(-1) !== status) statuses.push(status);
  });
  const errors: unknown[] = [];
  const session = startSession(store, { storage: () => window.localStorage, events: window, clock, logError: (message) => errors.push(message) });
  return { clock, store, statuses, session, errors };
}

function otherTabWrites(newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue, storageArea: window.localStorage }));
}

afterEach(() => window.localStorage.clear());

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
  const store = makeStore({ apiBaseUrl: 'http://api.test' });
  const errors: unknown[] = [];
  const session = startSession(store, {
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
