/** @jest-environment node */
import { createActor, SimulatedClock } from 'xstate';
import { paths } from '../../../shared/paths';
import { MFA_TTL_MS, sessionMachine, type SessionEmitted, type TokenStorage } from './session-machine';
import { makeToken, tokenFor } from './testing/tokens';
import { MAX_TIMER_DELAY_MS } from './token';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.UTC(2025, 0, 6, 9, 0, 0);

function memoryStorage(initial: string | null = null) {
  let value = initial;
  const calls: string[] = [];
  const storage: TokenStorage = {
    read: () => value,
    write: (token) => {
      calls.push('write');
      value = token;
    },
    remove: () => {
      calls.push('remove');
      value = null;
    },
  };
  return { storage, calls, get value() {
    return value;
  } };
}

function run(stored: string | null = null, { readThrows = false } = {}) {
  const clock = new SimulatedClock();
  clock.set(START);
  const memory = memoryStorage(stored);
  if (readThrows) {
    memory.storage.read = () => {
      throw new Error('SecurityError: storage is disabled');
    };
  }
  // Time that passes without the timers firing, as while the computer sleeps.
  let slept = 0;
  const errors: unknown[][] = [];
  const redirects: SessionEmitted[] = [];
  const ended: string[] = [];
  const actor = createActor(sessionMachine, {
    clock,
    input: { storage: memory.storage, now: () => clock.now() + slept, logError: (...args) => errors.push(args), endServerSession: (token) => ended.push(token) },
  });
  actor.on('redirect', (event) => redirects.push(event));
  actor.start();
  const state = () => actor.getSnapshot().value;
  const sleep = (ms: number) => {
    slept += ms;
  };
  return { actor, clock, memory, errors, redirects, ended, state, sleep, context: () => actor.getSnapshot().context };
}

describe('restoring', () => {
  it('settles on logged out when nothing is stored, touching nothing', () => {
    const s = run();
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.calls).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it('restores an unexpired stored token with its user', () => {
    const token = tokenFor('owner@example.com', START - HOUR, 12 * HOUR);
    const s = run(token);
    expect(s.state()).toBe('authenticated');
    expect(s.context()).toMatchObject({ token, user: { email: 'owner@example.com', sub: 'u1' } });
    expect(s.redirects).toEqual([]);
  });

  it('clears an expired token without a redirect', () => {
    const s = run(tokenFor('owner@example.com', START - 13 * HOUR, 12 * HOUR));
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  it('treats a corrupt token as no session, clears it and logs the failure', () => {
    const s = run('not.a-token');
    expect(s.state()).toBe('loggedOut');
    expect(s.context()).toMatchObject({ token: null, user: null });
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([]);
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0]![0]).toBe('The stored session could not be restored.');
  });

  it('treats a well-formed token without an expiry as no session', () => {
    const s = run(makeToken({ sub: 'u1', email: 'owner@example.com' }));
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.value).toBeNull();
  });

  it('logs a storage that refuses to be read and carries on logged out', () => {
    const s = run(null, { readThrows: true });
    expect(s.state()).toBe('loggedOut');
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0]![0]).toBe('The stored session could not be restored.');
    expect(s.redirects).toEqual([]);
  });

  it('reads the stored token once started, in restoring, and settles before start returns', () => {
    const memory = memoryStorage(tokenFor('owner@example.com', START, HOUR));
    const read = memory.storage.read;
    let reads = 0;
    memory.storage.read = () => {
      reads += 1;
      return read();
    };
    const clock = new SimulatedClock();
    clock.set(START);
    const actor = createActor(sessionMachine, { clock, input: { storage: memory.storage, now: () => clock.now(), logError: () => {} } });
    expect(actor.getSnapshot().value).toBe('restoring');
    expect(reads).toBe(0);
    const seen: unknown[] = [];
    actor.subscribe((snapshot) => seen.push(snapshot.value));
    actor.start();
    expect(reads).toBe(1);
    expect(seen).toEqual(['restoring', 'authenticated']);
    expect(actor.getSnapshot().children).toEqual({}); // the reader is gone with the state
  });

  it('starts in expiring when the restored token is already in its last minutes', () => {
    const s = run(tokenFor('owner@example.com', START - 12 * HOUR + 2 * MINUTE, 12 * HOUR));
    expect(s.state()).toBe('expiring');
  });
});

describe('login', () => {
  it('stores the token, decodes the user and sends the administrator to the dashboard', () => {
    const s = run();
    const token = tokenFor('owner@example.com', START, 12 * HOUR);
    s.actor.send({ type: 'LOGIN', token });
    expect(s.state()).toBe('authenticated');
    expect(s.memory.value).toBe(token);
    expect(s.context().user).toMatchObject({ email: 'owner@example.com', exp: Math.floor(START / 1000) + 12 * 3600 });
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminDashboard, replace: false }]);
  });

  it('refuses a token it cannot decode, or one already expired', () => {
    for (const token of ['garbage', tokenFor('owner@example.com', START - 2 * HOUR, HOUR)]) {
      const s = run();
      s.actor.send({ type: 'LOGIN', token });
      expect(s.state()).toBe('loggedOut');
      expect(s.memory.value).toBeNull();
      expect(s.redirects).toEqual([]);
    }
  });

  it('a second sign-in replaces the first token and its timers', () => {
    const s = run();
    s.actor.send({ type: 'LOGIN', token: tokenFor('owner@example.com', START, HOUR) });
    s.clock.increment(30 * MINUTE);
    const second = tokenFor('owner@example.com', START + 30 * MINUTE, HOUR);
    s.actor.send({ type: 'LOGIN', token: second });
    s.clock.increment(40 * MINUTE); // past the first token's expiry
    expect(s.state()).toBe('authenticated');
    expect(s.context().token).toBe(second);
  });
});

describe('expiry on a simulated clock', () => {
  it('warns five minutes before the end of a long token, then logs out at exp without a redirect', () => {
    const s = run();
    s.actor.send({ type: 'LOGIN', token: tokenFor('owner@example.com', START, 12 * HOUR) });
    s.clock.increment(12 * HOUR - 5 * MINUTE - 1);
    expect(s.state()).toBe('authenticated');
    s.clock.increment(1);
    expect(s.state()).toBe('expiring');
    s.clock.increment(5 * MINUTE - 1);
    expect(s.state()).toBe('expiring');
    expect(s.memory.value).not.toBeNull();
    s.clock.increment(1);
    expect(s.state()).toBe('loggedOut');
    expect(s.context()).toMatchObject({ token: null, user: null });
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminDashboard, replace: false }]);
  });

  it('warns a tenth of its life before the end of a short token', () => {
    const s = run();
    s.actor.send({ type: 'LOGIN', token: tokenFor('owner@example.com', START, 60_000) });
    s.clock.increment(54_000 - 1);
    expect(s.state()).toBe('authenticated');
    s.clock.increment(1);
    expect(s.state()).toBe('expiring');
    s.clock.increment(6_000);
    expect(s.state()).toBe('loggedOut');
  });

  it('clamps a delay longer than a browser timer can hold instead of ending the session at once', () => {
    const s = run();
    const life = 60 * 24 * HOUR; // sixty days, well beyond 2^31-1 ms
    s.actor.send({ type: 'LOGIN', token: tokenFor('owner@example.com', START, life) });
    s.clock.increment(1);
    expect(s.state()).toBe('authenticated');
    s.clock.increment(MAX_TIMER_DELAY_MS);
    expect(s.state()).toBe('authenticated');
    s.clock.increment(life - 5 * MINUTE - MAX_TIMER_DELAY_MS - 2);
    expect(s.state()).toBe('authenticated');
    s.clock.increment(1);
    expect(s.state()).toBe('expiring');
    s.clock.increment(5 * MINUTE);
    expect(s.state()).toBe('loggedOut');
  });

  it('notices on CHECK that time has passed while timers were held back (a sleeping laptop)', () => {
    let now = START;
    const memory = memoryStorage(tokenFor('owner@example.com', START, HOUR));
    const actor = createActor(sessionMachine, { clock: new SimulatedClock(), input: { storage: memory.storage, now: () => now, logError: () => {} } });
    actor.start();
    expect(actor.getSnapshot().value).toBe('authenticated');
    now += 2 * HOUR;
    actor.send({ type: 'CHECK' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(memory.value).toBeNull();
  });
});

describe('logout', () => {
  it('removes the token, clears the user and the timer, and by default goes to the login page', () => {
    const s = run(tokenFor('owner@example.com', START, HOUR));
    s.actor.send({ type: 'LOGOUT' });
    expect(s.state()).toBe('loggedOut');
    expect(s.context()).toMatchObject({ token: null, user: null });
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminLogin, replace: false }]);
    const removals = s.memory.calls.length;
    s.clock.increment(2 * HOUR);
    expect(s.memory.calls).toHaveLength(removals); // no timer left behind
  });

  it('can stay where it is', () => {
    const s = run(tokenFor('owner@example.com', START, HOUR));
    s.actor.send({ type: 'LOGOUT', redirect: false });
    expect(s.state()).toBe('loggedOut');
    expect(s.redirects).toEqual([]);
  });

  it('asks the server to end the token it held, once, and nothing when there was none', () => {
    const token = tokenFor('owner@example.com', START, HOUR);
    const s = run(token);
    s.actor.send({ type: 'LOGOUT' });
    expect(s.ended).toEqual([token]);
    s.actor.send({ type: 'LOGOUT' });
    expect(s.ended).toEqual([token]);
  });
});

describe('a confirmed sign-in (step-up)', () => {
  it('takes the fresh token and stores it, staying on the page', () => {
    const s = run(tokenFor('owner@example.com', START - HOUR, 12 * HOUR));
    const fresh = tokenFor('owner@example.com', START, 12 * HOUR);
    s.actor.send({ type: 'REAUTHENTICATED', token: fresh });
    expect(s.state()).toBe('authenticated');
    expect(s.context().token).toBe(fresh);
    expect(s.memory.value).toBe(fresh);
    expect(s.redirects).toEqual([]);
    expect(s.ended).toEqual([]);
  });

  it('ignores a token it cannot use', () => {
    const held = tokenFor('owner@example.com', START - HOUR, 12 * HOUR);
    const s = run(held);
    s.actor.send({ type: 'REAUTHENTICATED', token: tokenFor('owner@example.com', START - 2 * HOUR, HOUR) });
    expect(s.state()).toBe('authenticated');
    expect(s.context().token).toBe(held);
  });
});

describe('a 401 from the API', () => {
  it('logs out and replaces the page with the login page when the token is unexpired', () => {
    const token = tokenFor('owner@example.com', START, HOUR);
    const s = run(token);
    s.actor.send({ type: 'REJECTED', token });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminLogin, replace: true }]);
  });

  it('is ignored when it answered an older token', () => {
    const token = tokenFor('owner@example.com', START, HOUR);
    const s = run(token);
    s.actor.send({ type: 'REJECTED', token: tokenFor('owner@example.com', START - MINUTE, HOUR) });
    expect(s.state()).toBe('authenticated');
    expect(s.redirects).toEqual([]);
  });
});

describe('another tab', () => {
  it('signing out there signs out here, without writing to storage or redirecting', () => {
    const s = run(tokenFor('owner@example.com', START, HOUR));
    s.actor.send({ type: 'STORAGE', token: null });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.calls).toEqual([]);
    expect(s.redirects).toEqual([]);
  });

  it('signing in there signs in here with that token and its own timers', () => {
    const s = run();
    const token = tokenFor('other@example.com', START, HOUR);
    s.actor.send({ type: 'STORAGE', token });
    expect(s.state()).toBe('authenticated');
    expect(s.context()).toMatchObject({ token, user: { email: 'other@example.com' } });
    expect(s.memory.calls).toEqual([]);
    expect(s.redirects).toEqual([]);
    s.clock.increment(HOUR);
    expect(s.state()).toBe('loggedOut');
  });

  it('a token written there that cannot be decoded means no session here', () => {
    const s = run(tokenFor('owner@example.com', START, HOUR));
    s.actor.send({ type: 'STORAGE', token: '%%%' });
    expect(s.state()).toBe('loggedOut');
  });

  it('the same token written again changes nothing', () => {
    const token = tokenFor('owner@example.com', START, 12 * HOUR);
    const s = run(token);
    const before = s.actor.getSnapshot();
    s.actor.send({ type: 'STORAGE', token });
    expect(s.actor.getSnapshot().value).toBe(before.value);
    expect(s.actor.getSnapshot().context).toBe(before.context);
  });
});

/** The machine settled in each state it can rest in. */
const settledIn = {
  loggedOut: () => run(),
  authenticated: () => run(tokenFor('owner@example.com', START, 12 * HOUR)),
  expiring: () => run(tokenFor('owner@example.com', START - 12 * HOUR + 2 * MINUTE, 12 * HOUR)),
};

describe('CHECK judges the clock in every state', () => {
  it('authenticated: stays while the warning is not due, changing nothing', () => {
    const s = settledIn.authenticated();
    const before = s.actor.getSnapshot().context;
    s.sleep(HOUR);
    s.actor.send({ type: 'CHECK' });
    expect(s.state()).toBe('authenticated');
    expect(s.actor.getSnapshot().context).toBe(before);
  });

  it('authenticated: moves to expiring once the warning is due, though its timer was held back', () => {
    const s = settledIn.authenticated();
    s.sleep(12 * HOUR - 5 * MINUTE);
    s.actor.send({ type: 'CHECK' });
    expect(s.state()).toBe('expiring');
    expect(s.memory.value).not.toBeNull();
  });

  it('authenticated: logs out without a redirect once the token has expired', () => {
    const s = settledIn.authenticated();
    s.sleep(12 * HOUR);
    s.actor.send({ type: 'CHECK' });
    expect(s.state()).toBe('loggedOut');
    expect(s.context()).toMatchObject({ token: null, user: null });
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([]);
  });

  it('expiring: stays until the token expires, then logs out without a redirect', () => {
    const s = settledIn.expiring();
    s.sleep(2 * MINUTE - 1000);
    s.actor.send({ type: 'CHECK' });
    expect(s.state()).toBe('expiring');
    s.sleep(1000);
    s.actor.send({ type: 'CHECK' });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([]);
  });

  it('loggedOut: changes nothing and touches nothing', () => {
    const s = settledIn.loggedOut();
    const before = s.actor.getSnapshot().context;
    s.actor.send({ type: 'CHECK' });
    expect(s.state()).toBe('loggedOut');
    expect(s.actor.getSnapshot().context).toBe(before);
    expect(s.memory.calls).toEqual([]);
    expect(s.redirects).toEqual([]);
  });
});

describe('the other events, in the states not covered above', () => {
  it('LOGIN while expiring starts afresh with the new token', () => {
    const s = settledIn.expiring();
    const token = tokenFor('owner@example.com', START, 12 * HOUR);
    s.actor.send({ type: 'LOGIN', token });
    expect(s.state()).toBe('authenticated');
    expect(s.context().token).toBe(token);
    expect(s.memory.value).toBe(token);
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminDashboard, replace: false }]);
    s.clock.increment(2 * MINUTE); // past the old token's expiry
    expect(s.state()).toBe('authenticated');
  });

  it('LOGIN with a token that cannot be used while signed in leaves no session', () => {
    const s = settledIn.authenticated();
    s.actor.send({ type: 'LOGIN', token: 'garbage' });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([]);
  });

  it('LOGIN with a token already in its last minutes goes straight to expiring', () => {
    const s = settledIn.loggedOut();
    s.actor.send({ type: 'LOGIN', token: tokenFor('owner@example.com', START - 12 * HOUR + 2 * MINUTE, 12 * HOUR) });
    expect(s.state()).toBe('expiring');
  });

  it('LOGOUT while expiring removes the token and goes to the login page', () => {
    const s = settledIn.expiring();
    s.actor.send({ type: 'LOGOUT' });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminLogin, replace: false }]);
  });

  it('LOGOUT while logged out still clears storage and goes to the login page', () => {
    const s = settledIn.loggedOut();
    s.actor.send({ type: 'LOGOUT' });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.calls).toEqual(['remove']);
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminLogin, replace: false }]);
  });

  it('REJECTED while expiring logs out and replaces the page with the login page', () => {
    const s = settledIn.expiring();
    s.actor.send({ type: 'REJECTED', token: s.context().token! });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.value).toBeNull();
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminLogin, replace: true }]);
  });

  it('REJECTED while logged out is ignored', () => {
    const s = settledIn.loggedOut();
    s.actor.send({ type: 'REJECTED', token: tokenFor('owner@example.com', START, HOUR) });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.calls).toEqual([]);
    expect(s.redirects).toEqual([]);
  });

  it('REJECTED of a token past its expiry is no verdict: the clock ends that session', () => {
    const s = settledIn.authenticated();
    const token = s.context().token!;
    s.sleep(12 * HOUR);
    s.actor.send({ type: 'REJECTED', token });
    expect(s.redirects).toEqual([]);
    s.actor.send({ type: 'CHECK' });
    expect(s.state()).toBe('loggedOut');
    expect(s.redirects).toEqual([]);
  });

  it('STORAGE while expiring follows the other tab, out or in', () => {
    const out = settledIn.expiring();
    out.actor.send({ type: 'STORAGE', token: null });
    expect(out.state()).toBe('loggedOut');
    expect(out.memory.calls).toEqual([]);

    const renewed = settledIn.expiring();
    const token = tokenFor('owner@example.com', START, 12 * HOUR);
    renewed.actor.send({ type: 'STORAGE', token });
    expect(renewed.state()).toBe('authenticated');
    expect(renewed.context().token).toBe(token);
    expect(renewed.memory.calls).toEqual([]);
    expect(renewed.redirects).toEqual([]);
  });

  it('STORAGE while logged out ignores a removal and an expired token', () => {
    const s = settledIn.loggedOut();
    s.actor.send({ type: 'STORAGE', token: null });
    s.actor.send({ type: 'STORAGE', token: tokenFor('owner@example.com', START - 2 * HOUR, HOUR) });
    expect(s.state()).toBe('loggedOut');
    expect(s.memory.calls).toEqual([]);
    expect(s.redirects).toEqual([]);
  });

  it('TOKEN_READ counts only while restoring', () => {
    for (const s of [settledIn.authenticated(), settledIn.loggedOut()]) {
      const before = s.actor.getSnapshot();
      s.actor.send({ type: 'TOKEN_READ', token: null });
      s.actor.send({ type: 'TOKEN_READ', token: tokenFor('other@example.com', START, HOUR) });
      expect(s.actor.getSnapshot().value).toBe(before.value);
      expect(s.actor.getSnapshot().context).toBe(before.context);
    }
  });
});

describe('awaitingCode: the second step of a sign-in', () => {
  it('holds the mfaToken between the password and the code, stores nothing, and goes to the code page', () => {
    const s = run();
    s.actor.send({ type: 'MFA_REQUIRED', mfaToken: 'ticket' });
    expect(s.state()).toBe('awaitingCode');
    expect(s.context()).toMatchObject({ mfaToken: 'ticket', token: null, user: null });
    expect(s.redirects).toEqual([{ type: 'redirect', to: paths.adminLoginCode, replace: false }]);
    expect(s.memory.value).toBeNull();
  });

  it('becomes authenticated with the token the code earned, dropping the mfaToken', () => {
    const s = run();
    s.actor.send({ type: 'MFA_REQUIRED', mfaToken: 'ticket' });
    const token = tokenFor('owner@example.com', START, 12 * HOUR);
    s.actor.send({ type: 'LOGIN', token });
    expect(s.state()).toBe('authenticated');
    expect(s.context()).toMatchObject({ token, mfaToken: null, user: { email: 'owner@example.com' } });
    expect(s.memory.value).toBe(token);
    expect(s.redirects.at(-1)).toEqual({ type: 'redirect', to: paths.adminDashboard, replace: false });
  });

  it('gives up with the mfaToken after five minutes and goes back to the login page', () => {
    const s = run();
    s.actor.send({ type: 'MFA_REQUIRED', mfaToken: 'ticket' });
    s.clock.increment(MFA_TTL_MS - 1);
    expect(s.state()).toBe('awaitingCode');
    s.clock.increment(1);
    expect(s.state()).toBe('loggedOut');
    expect(s.context().mfaToken).toBeNull();
    expect(s.redirects.at(-1)).toEqual({ type: 'redirect', to: paths.adminLogin, replace: true });
  });

  it('goes back to logged out on LOGOUT, and follows a sign-in made in another tab', () => {
    const s = run();
    s.actor.send({ type: 'MFA_REQUIRED', mfaToken: 'ticket' });
    s.actor.send({ type: 'LOGOUT' });
    expect(s.state()).toBe('loggedOut');
    expect(s.context().mfaToken).toBeNull();

    s.actor.send({ type: 'MFA_REQUIRED', mfaToken: 'another' });
    const token = tokenFor('owner@example.com', START, HOUR);
    s.actor.send({ type: 'STORAGE', token });
    expect(s.state()).toBe('authenticated');
    expect(s.context().mfaToken).toBeNull();
  });

  it('ignores the clock and 401s while it waits, and a bad token from the code step is no session', () => {
    const s = run();
    s.actor.send({ type: 'MFA_REQUIRED', mfaToken: 'ticket' });
    s.actor.send({ type: 'CHECK' });
    s.actor.send({ type: 'REJECTED', token: 'whatever' });
    expect(s.state()).toBe('awaitingCode');
    s.actor.send({ type: 'LOGIN', token: 'garbage' });
    expect(s.state()).toBe('loggedOut');
  });
});
