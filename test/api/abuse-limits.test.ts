import { randomBytes } from 'node:crypto';
import type { HttpError } from '../../src/server/http/errors';
import { AbuseLimits, tooManyAttempts } from '../../src/server/abuse/limits';
import { memoryLimiterStore, redisLimiterStore, type LimiterStore } from '../../src/server/abuse/limiter-store';
import { SlidingWindow } from '../../src/server/abuse/sliding-window';
import { login, OTHER_PASSWORD, PASSWORD, register, startSite } from './accounts-helpers';
import { redisUrlForTests } from './redis-for-tests';

const redisUrl = redisUrlForTests();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;
const LOCKED = { statusCode: 429, message: 'Too many attempts. Try again in 15 minutes.', headers: { 'Retry-After': '900' } };
const UNAVAILABLE = {
  statusCode: 503,
  message: 'Signing in and account changes are unavailable for a moment. Please try again shortly.',
  headers: { 'Retry-After': '30' },
};

/** What a limit check threw, or undefined when it let the call through. */
async function refusal(check: Promise<void>): Promise<HttpError | undefined> {
  try {
    await check;
    return undefined;
  } catch (error) {
    return error as HttpError;
  }
}

const stores: [string, () => LimiterStore][] = [
  ['memory', memoryLimiterStore],
  ...(redisUrl ? [['Redis', () => redisLimiterStore(redisUrl, `test:${randomBytes(6).toString('hex')}:`)] as [string, () => LimiterStore]] : []),
];

describe.each(stores)('the limits in %s', (_name, makeStore) => {
  let store: LimiterStore;
  beforeEach(async () => {
    store = makeStore();
    await store.ready;
  });
  afterEach(() => store.close());

  describe('a sliding window', () => {
    it('counts up to its limit, then refuses until the oldest event leaves the window', async () => {
      const window = new SlidingWindow(store.limiter('w', 1, 60), 3);
      expect(await window.take('k')).toBe(0);
      expect(await window.take('k')).toBe(0);
      expect(await window.take('k')).toBe(0);
      const left = await window.take('k');
      expect(left).toBeGreaterThan(58_000);
      expect(left).toBeLessThanOrEqual(60_000);
      expect(await window.take('other')).toBe(0);
    });

    it('slides: as each event leaves the window one more fits in, not a whole new window', async () => {
      const window = new SlidingWindow(store.limiter('w', 1, 2), 2);
      expect(await window.take('k')).toBe(0);
      await sleep(1_000);
      expect(await window.take('k')).toBe(0);
      const untilFirstLeaves = await window.take('k');
      expect(untilFirstLeaves).toBeGreaterThan(0);
      expect(untilFirstLeaves).toBeLessThanOrEqual(1_000);
      await sleep(untilFirstLeaves + 100);
      expect(await window.take('k')).toBe(0);
      // A fixed window would start again here and let another through; the second event still counts.
      const untilSecondLeaves = await window.take('k');
      expect(untilSecondLeaves).toBeGreaterThan(500);
      expect(untilSecondLeaves).toBeLessThan(1_000);
    });

    it('forgets a key', async () => {
      const window = new SlidingWindow(store.limiter('w', 1, 60), 1);
      await window.take('k');
      expect(await window.take('k')).toBeGreaterThan(0);
      await window.forget('k');
      expect(await window.take('k')).toBe(0);
    });
  });

  describe('the account limits', () => {
    let limits: AbuseLimits;
    beforeEach(() => {
      limits = new AbuseLimits(store);
    });
    const fail = async (email: string, client: string) => (await limits.beginSignIn(email, client)).failed();
    const succeed = async (email: string, client: string) => (await limits.beginSignIn(email, client)).succeeded();
    /** Whether a sign-in may begin now; the attempt is given back, so looking changes nothing. */
    const mayBegin = (email: string, client: string, options?: { passkey?: boolean }) => refusal(limits.beginSignIn(email, client, options).then((attempt) => attempt.release()));

    it('lock an account out for 15 minutes after its 5th failed sign-in, from every address it never signed in from', async () => {
      for (let failure = 1; failure <= 4; failure++) await fail('owner@example.com', `10.0.0.${failure}`);
      expect(await mayBegin('owner@example.com', '10.0.0.9')).toBeUndefined();
      expect(await fail('owner@example.com', '10.0.0.5')).toBe(true);
      expect(await mayBegin('owner@example.com', '10.0.0.9')).toMatchObject(LOCKED);
      expect(await mayBegin('other@example.com', '10.0.0.5')).toBeUndefined();
    });

    it('lock a client out after 5 failed sign-ins on any accounts', async () => {
      for (let failure = 1; failure <= 5; failure++) await fail(`guess${failure}@example.com`, '10.0.0.7');
      expect(await mayBegin('guess6@example.com', '10.0.0.7')).toMatchObject(LOCKED);
      expect(await mayBegin('guess6@example.com', '10.0.0.8')).toBeUndefined();
    });

    it('take the attempt before the check, atomically: of 200 at once, 5 begin and the rest are refused with 429', async () => {
      const outcomes = await Promise.all(Array.from({ length: 200 }, (_, n) => refusal(limits.beginSignIn('owner@example.com', `10.9.${n >> 8}.${n & 255}`).then(() => undefined))));
      expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(5);
      expect(outcomes.filter((outcome) => outcome?.statusCode === 429)).toHaveLength(195);
    });

    it('give an attempt back when the check never ran', async () => {
      for (let attempt = 1; attempt <= 10; attempt++) await (await limits.beginSignIn('owner@example.com', '10.0.4.1')).release();
      expect(await mayBegin('owner@example.com', '10.0.4.1')).toBeUndefined();
    });

    it("clear the account's failures and lock on success, but not the client's", async () => {
      for (let failure = 1; failure <= 4; failure++) await fail('owner@example.com', '10.0.1.1');
      await succeed('owner@example.com', '10.0.9.9');
      for (let failure = 1; failure <= 4; failure++) await fail('owner@example.com', `10.0.2.${failure}`);
      expect(await mayBegin('owner@example.com', '10.0.3.1')).toBeUndefined();
      await fail('owner@example.com', '10.0.2.9');
      expect(await mayBegin('owner@example.com', '10.0.3.1')).toMatchObject(LOCKED);
      // The success that a reset stands for lifts the lock at once.
      await limits.resetDone('owner@example.com');
      expect(await mayBegin('owner@example.com', '10.0.3.1')).toBeUndefined();
      // The client's own four failures still count: one more and it is locked out.
      await fail('someone@example.com', '10.0.1.1');
      expect(await mayBegin('anyone@example.com', '10.0.1.1')).toMatchObject(LOCKED);
    });

    it("never lock the owner's own address out for failures from elsewhere, only for its own", async () => {
      await succeed('owner@example.com', '10.0.5.1');
      // Long enough for a store's expiry timer that fired at once (a lifetime past setTimeout's range) to have run.
      await sleep(20);
      for (let failure = 1; failure <= 5; failure++) await fail('owner@example.com', `10.0.6.${failure}`);
      expect(await mayBegin('owner@example.com', '10.0.7.1')).toMatchObject(LOCKED);
      expect(await mayBegin('owner@example.com', '10.0.5.1')).toBeUndefined();
      for (let failure = 1; failure <= 4; failure++) expect(await fail('owner@example.com', '10.0.5.1')).toBe(false);
      expect(await fail('owner@example.com', '10.0.5.1')).toBe(true);
      expect(await mayBegin('owner@example.com', '10.0.5.1')).toMatchObject(LOCKED);
    });

    it('never stand between an account and its passkey for failures counted against the account', async () => {
      for (let failure = 1; failure <= 5; failure++) await fail('owner@example.com', `10.0.8.${failure}`);
      expect(await mayBegin('owner@example.com', '10.0.8.9')).toMatchObject(LOCKED);
      expect(await mayBegin('owner@example.com', '10.0.8.9', { passkey: true })).toBeUndefined();
      // A success by passkey is the owner's: the address becomes their own, and the lock lifts.
      await (await limits.beginSignIn('owner@example.com', '10.0.8.9', { passkey: true })).succeeded();
      expect(await mayBegin('owner@example.com', '10.0.8.9')).toBeUndefined();
    });

    it('count registrations per address (5 an hour) and per client (10 an hour)', async () => {
      for (let attempt = 1; attempt <= 5; attempt++) await limits.countRegistration('owner@example.com', `10.1.0.${attempt}`);
      const refused = await refusal(limits.countRegistration('owner@example.com', '10.1.0.9'));
      expect(refused).toMatchObject({ statusCode: 429, message: 'Too many attempts. Try again in 60 minutes.' });
      expect(Number(refused?.headers['Retry-After'])).toBeGreaterThan(59 * 60);
      for (let attempt = 1; attempt <= 10; attempt++) await limits.countRegistration(`new${attempt}@example.com`, '10.1.1.1');
      expect(await refusal(limits.countRegistration('new11@example.com', '10.1.1.1'))).toMatchObject({ statusCode: 429 });
    });

    it('count reset requests per address (5 an hour) and per client (20 an hour)', async () => {
      for (let attempt = 1; attempt <= 5; attempt++) await limits.countResetRequest('owner@example.com', `10.2.0.${attempt}`);
      expect(await refusal(limits.countResetRequest('owner@example.com', '10.2.0.9'))).toMatchObject({ statusCode: 429 });
      for (let attempt = 1; attempt <= 20; attempt++) await limits.countResetRequest(`who${attempt}@example.com`, '10.2.1.1');
      expect(await refusal(limits.countResetRequest('who21@example.com', '10.2.1.1'))).toMatchObject({ statusCode: 429 });
      expect(await refusal(limits.countResetRequest('who21@example.com', '10.2.1.2'))).toBeUndefined();
    });

    it("leave the owner's own address its reset requests when others used up the address's", async () => {
      await succeed('owner@example.com', '10.2.2.1');
      for (let attempt = 1; attempt <= 5; attempt++) await limits.countResetRequest('owner@example.com', `10.2.3.${attempt}`);
      expect(await refusal(limits.countResetRequest('owner@example.com', '10.2.3.9'))).toMatchObject({ statusCode: 429 });
      expect(await refusal(limits.countResetRequest('owner@example.com', '10.2.2.1'))).toBeUndefined();
    });
  });
});

describe('the limits over time (memory, a controlled clock)', () => {
  let limits: AbuseLimits;
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.UTC(2030, 0, 1), doNotFake: ['nextTick', 'queueMicrotask'] });
    limits = new AbuseLimits(memoryLimiterStore());
  });
  afterEach(async () => {
    await limits.close();
    jest.useRealTimers();
  });
  const locked = () => refusal(limits.beginSignIn('owner@example.com', '10.0.0.1').then((attempt) => attempt.release()));
  const fail = async (client: string) => (await limits.beginSignIn('owner@example.com', client)).failed();

  it('lock for 15 minutes after 5 failures within 15 minutes', async () => {
    for (let failure = 0; failure < 5; failure++) {
      if (failure > 0) jest.advanceTimersByTime(3.5 * MINUTE); // the 5th comes 14 minutes after the 1st
      await fail(`10.0.0.${failure + 2}`);
    }
    expect(await locked()).toMatchObject(LOCKED);
    jest.advanceTimersByTime(15 * MINUTE - 1);
    expect((await locked())?.headers).toEqual({ 'Retry-After': '1' });
    jest.advanceTimersByTime(1);
    expect(await locked()).toBeUndefined();
    // Every failure counted before the lock has left the window with it.
    await fail('10.0.0.2');
    expect(await locked()).toBeUndefined();
  });

  it('do not lock for failures spread so that no 15 minutes hold 5', async () => {
    for (let failure = 0; failure < 8; failure++) {
      await fail(`10.0.0.${failure + 2}`);
      expect(await locked()).toBeUndefined();
      jest.advanceTimersByTime(4 * MINUTE); // never more than 4 within any 15 minutes
    }
  });

  it('lock for 5 failures within 15 minutes across the end of a fixed window', async () => {
    await fail('10.0.0.2');
    jest.advanceTimersByTime(14 * MINUTE);
    for (let failure = 0; failure < 3; failure++) await fail(`10.0.0.${failure + 3}`);
    jest.advanceTimersByTime(1 * MINUTE); // the first failure leaves the window; three remain
    await fail('10.0.0.7');
    expect(await locked()).toBeUndefined();
    jest.advanceTimersByTime(1_000);
    await fail('10.0.0.8');
    expect(await locked()).toMatchObject(LOCKED);
  });

  it('refuse the 6th reset request until the oldest is an hour old, then allow one more', async () => {
    await limits.countResetRequest('owner@example.com', '10.2.0.1');
    jest.advanceTimersByTime(10 * MINUTE);
    for (let request = 2; request <= 5; request++) await limits.countResetRequest('owner@example.com', `10.2.0.${request}`);
    expect(await refusal(limits.countResetRequest('owner@example.com', '10.2.0.9'))).toMatchObject({
      message: 'Too many attempts. Try again in 50 minutes.',
      headers: { 'Retry-After': String(50 * 60) },
    });
    jest.advanceTimersByTime(50 * MINUTE);
    expect(await refusal(limits.countResetRequest('owner@example.com', '10.2.0.9'))).toBeUndefined();
    expect(await refusal(limits.countResetRequest('owner@example.com', '10.2.0.9'))).toMatchObject({
      message: 'Too many attempts. Try again in 10 minutes.',
      headers: { 'Retry-After': String(10 * 60) },
    });
  });
});

describe('the 429 message', () => {
  it.each([
    [15 * 60_000, 'Too many attempts. Try again in 15 minutes.', '900'],
    [61_000, 'Too many attempts. Try again in 2 minutes.', '61'],
    [30_500, 'Too many attempts. Try again in 1 minute.', '31'],
    [1, 'Too many attempts. Try again in 1 minute.', '1'],
  ])('for %i ms left reads %j with Retry-After %s', (ms, message, retryAfter) => {
    const error = tooManyAttempts(ms);
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe(message);
    expect(error.headers).toEqual({ 'Retry-After': retryAfter });
  });
});

(redisUrl ? describe : describe.skip)('two instances sharing Redis', () => {
  it('share the sign-in lock-out', async () => {
    const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
    const client = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const first = await startSite({}, { REDIS_URL: redisUrl!, ALLOW_REGISTRATION: 'true' });
    const second = await startSite({}, { REDIS_URL: redisUrl!, ALLOW_REGISTRATION: 'true' });
    try {
      // From an address of its own: Redis keeps each address's registrations across runs.
      expect((await register(first.app, email, PASSWORD, { remoteAddress: client })).statusCode).toBe(201);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const instance = attempt % 2 ? first : second;
        expect((await login(instance.app, email, OTHER_PASSWORD, { remoteAddress: client })).statusCode).toBe(401);
      }
      const refused = await login(second.app, email, PASSWORD, { remoteAddress: client });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many attempts. Try again in 15 minutes.' });
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('a client on IPv6', () => {
  it('is its whole /64: failed sign-ins from two addresses of one /64 share one lock-out', async () => {
    const site = await startSite({});
    try {
      const prefix = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
      for (let failure = 1; failure <= 5; failure++) {
        const response = await login(site.app, `guess${failure}@example.com`, OTHER_PASSWORD, { remoteAddress: `${prefix}:${failure}::${failure}` });
        expect(response.statusCode).toBe(401);
      }
      const sameHost = await login(site.app, 'guess6@example.com', OTHER_PASSWORD, { remoteAddress: `${prefix}:ffff:ffff:ffff:ffff` });
      expect(sameHost.statusCode).toBe(429);
      expect(sameHost.json()).toEqual({ message: LOCKED.message });
      // The IPv4-mapped spelling of an IPv4 client is that client too.
      for (let failure = 1; failure <= 5; failure++) {
        expect((await login(site.app, `mapped${failure}@example.com`, OTHER_PASSWORD, { remoteAddress: '::ffff:203.0.113.9' })).statusCode).toBe(401);
      }
      expect((await login(site.app, 'mapped6@example.com', OTHER_PASSWORD, { remoteAddress: '203.0.113.9' })).statusCode).toBe(429);
      // The next /64 is another client.
      const nextNetwork = await login(site.app, 'guess6@example.com', OTHER_PASSWORD, { remoteAddress: '2001:db8:ffff:ffff::1' });
      expect(nextNetwork.statusCode).toBe(401);
    } finally {
      await site.close();
    }
  });
});

describe('with the limit store away (Redis unreachable)', () => {
  // Nothing listens on port 1: every Redis command fails.
  const AWAY = 'redis://127.0.0.1:1';

  it('refuses every check at once with 503, with no fallback counting in memory', async () => {
    const limits = new AbuseLimits(redisLimiterStore(AWAY));
    try {
      const started = Date.now();
      const refusals = await Promise.all(
        [
          limits.beginSignIn('owner@example.com', '10.0.0.1').then(() => undefined),
          limits.beginSignIn('owner@example.com', '10.0.0.1', { passkey: true }).then(() => undefined),
          limits.resetDone('owner@example.com'),
          limits.countRegistration('owner@example.com', '10.0.0.1'),
          limits.countResetRequest('owner@example.com', '10.0.0.1'),
        ].map(refusal),
      );
      for (const refused of refusals) expect(refused).toMatchObject(UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await limits.close();
    }
  });

  it('refuses the account calls with 503 and a plain message, not an unexplained 500', async () => {
    const site = await startSite({}, { REDIS_URL: AWAY });
    try {
      const calls = [
        await register(site.app, 'owner@example.com'),
        await login(site.app, 'owner@example.com'),
        await site.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'owner@example.com' } }),
      ];
      for (const response of calls) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: UNAVAILABLE.message });
        expect(response.headers['retry-after']).toBe('30');
      }
      // Refused before anything was written: the address is still free once the store is back.
      const accounts = await site.app.database.db.selectFrom('users').select('email').execute();
      expect(accounts).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
