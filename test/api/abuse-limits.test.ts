import { randomBytes } from 'node:crypto';
import { tooManyAttempts } from '../../src/server/abuse/limits';
import type { LimitStore } from '../../src/server/abuse/limit-store';
import { MemoryLimitStore } from '../../src/server/abuse/memory-store';
import { RedisLimitStore } from '../../src/server/abuse/redis-store';
import { login, OTHER_PASSWORD, PASSWORD, register, startSite } from './accounts-helpers';
import { redisUrlForTests } from './redis-for-tests';

const redisUrl = redisUrlForTests();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stores: [string, () => LimitStore][] = [
  ['memory', () => new MemoryLimitStore()],
  ...(redisUrl ? [['Redis', () => new RedisLimitStore(redisUrl, `test:${randomBytes(6).toString('hex')}:`)] as [string, () => LimitStore]] : []),
];

describe.each(stores)('the %s limit store', (_name, makeStore) => {
  let store: LimitStore;
  beforeEach(() => {
    store = makeStore();
  });
  afterEach(() => store.close());

  it('refuses a key once the limit is reached within the window, until the oldest event leaves it', async () => {
    const rule = { limit: 3, windowMs: 60_000, blockMs: 0 };
    expect(await store.hit('k', rule, true)).toBe(0);
    expect(await store.hit('k', rule, true)).toBe(0);
    expect(await store.blockedFor('k')).toBe(0);
    expect(await store.hit('k', rule, true)).toBe(0); // the 3rd is allowed, and closes the key
    const left = await store.blockedFor('k');
    expect(left).toBeGreaterThan(58_000);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await store.hit('k', rule, true)).toBeGreaterThan(58_000);
    expect(await store.blockedFor('other')).toBe(0);
  });

  it('keeps a lock for blockMs when that is longer than the window', async () => {
    const rule = { limit: 2, windowMs: 1_000, blockMs: 900_000 };
    await store.hit('k', rule, false);
    await store.hit('k', rule, false);
    expect(await store.blockedFor('k')).toBeGreaterThan(899_000);
  });

  it('forgets a key', async () => {
    const rule = { limit: 1, windowMs: 60_000, blockMs: 60_000 };
    await store.hit('k', rule, false);
    expect(await store.blockedFor('k')).toBeGreaterThan(0);
    await store.forget('k');
    expect(await store.blockedFor('k')).toBe(0);
  });

  it('slides the window: events older than it no longer count', async () => {
    const rule = { limit: 2, windowMs: 400, blockMs: 0 };
    await store.hit('k', rule, true);
    await sleep(500);
    await store.hit('k', rule, true);
    expect(await store.blockedFor('k')).toBe(0);
    await store.hit('k', rule, true);
    expect(await store.blockedFor('k')).toBeGreaterThan(0);
  });

  it('lifts a refusal when its time is up', async () => {
    const rule = { limit: 1, windowMs: 300, blockMs: 300 };
    await store.hit('k', rule, true);
    expect(await store.blockedFor('k')).toBeGreaterThan(0);
    await sleep(700);
    expect(await store.blockedFor('k')).toBe(0);
    expect(await store.hit('k', rule, true)).toBe(0);
  });
});

describe('sign-in lock-out over time (memory store, a controlled clock)', () => {
  const MINUTE = 60_000;
  const failedLogin = { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE };
  let now = 0;
  let store: MemoryLimitStore;
  beforeEach(() => {
    now = Date.UTC(2030, 0, 1);
    store = new MemoryLimitStore(() => now);
  });
  afterEach(() => store.close());

  it('locks for 15 minutes after 5 failures within 15 minutes', async () => {
    for (let failure = 0; failure < 5; failure++) {
      await store.hit('account', failedLogin, false);
      now += 3.5 * MINUTE; // the 5th comes 14 minutes after the 1st
    }
    now -= 3.5 * MINUTE;
    expect(await store.blockedFor('account')).toBe(15 * MINUTE);
    now += 15 * MINUTE - 1;
    expect(await store.blockedFor('account')).toBe(1);
    now += 1;
    expect(await store.blockedFor('account')).toBe(0);
  });

  it('does not lock for 5 failures spread over more than 15 minutes', async () => {
    for (let failure = 0; failure < 8; failure++) {
      await store.hit('account', failedLogin, false);
      expect(await store.blockedFor('account')).toBe(0);
      now += 4 * MINUTE; // never more than 4 within any 15 minutes
    }
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
      await register(first.app, email);
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

describe('with the limit store away (Redis unreachable)', () => {
  it('refuses the account calls with 503 and a plain message, not an unexplained 500', async () => {
    // Nothing listens on port 1: every Redis command fails.
    const site = await startSite({}, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const calls = [
        await register(site.app, 'owner@example.com'),
        await login(site.app, 'owner@example.com'),
        await site.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'owner@example.com' } }),
      ];
      for (const response of calls) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: 'Signing in and account changes are unavailable for a moment. Please try again shortly.' });
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
