import { createHash } from 'node:crypto';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors';
import { memoryLimiterStore, redisLimiterStore, type LimiterStore } from './limiter-store';
import { SlidingWindow } from './sliding-window';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** How many events one key (an account, a client address) may have within any `windowSec`. */
export const RULES = {
  /**
   * 5 failed sign-ins for one account or one client address within 15 minutes: 15 minutes off.
   * The lock must last at least the window, so that every failure it counted is gone with it.
   */
  failedLogin: { limit: 5, windowSec: 15 * MINUTE, lockSec: 15 * MINUTE },
  /** At most 5 reset requests an hour per e-mail address. */
  resetPerEmail: { limit: 5, windowSec: HOUR },
  /** A client cannot fan out over many addresses either. */
  resetPerClient: { limit: 20, windowSec: HOUR },
  registerPerEmail: { limit: 5, windowSec: HOUR },
  registerPerClient: { limit: 10, windowSec: HOUR },
} as const;

/** The 429: whole minutes in the message, seconds in Retry-After. */
export function tooManyAttempts(ms: number): HttpError {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new HttpError(429, `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
    'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))),
  });
}

/** The limits cannot be checked (Redis is away): the call they guard is refused, not let through. */
export function limitsUnavailable(cause: unknown): HttpError {
  return new HttpError(503, 'Signing in and account changes are unavailable for a moment. Please try again shortly.', { 'Retry-After': '30' }, { cause });
}

/** Addresses are keyed by a digest, so the store never holds them in clear. */
function accountKey(email: string): string {
  return `account:${createHash('sha256').update(email).digest('base64url').slice(0, 32)}`;
}

const msLeft = (lock: RateLimiterRes | null) => Math.max(0, lock?.msBeforeNext ?? 0);

/**
 * The abuse limits of the account calls. Each check throws the 429 when a limit is reached, and
 * the 503 when the store cannot answer. `email` is the normalised address; `client` the
 * request's address (the socket's unless a trusted proxy is configured).
 */
export class AbuseLimits {
  /** The failures before a lock-out: the one that finds all of them within the window locks. */
  private readonly failures: SlidingWindow;
  private readonly lockOuts: RateLimiterAbstract;
  private readonly registerPerClient: SlidingWindow;
  private readonly registerPerEmail: SlidingWindow;
  private readonly resetPerClient: SlidingWindow;
  private readonly resetPerEmail: SlidingWindow;

  constructor(private readonly store: LimiterStore) {
    const window = (name: string, rule: { limit: number; windowSec: number }) => new SlidingWindow(store.limiter(name, 1, rule.windowSec), rule.limit);
    this.failures = window('login', { ...RULES.failedLogin, limit: RULES.failedLogin.limit - 1 });
    this.lockOuts = store.limiter('login-lock', 1, RULES.failedLogin.lockSec);
    // Client and account keys differ ('client:…', 'account:…'), so their limiters share a name.
    this.registerPerClient = window('register', RULES.registerPerClient);
    this.registerPerEmail = window('register', RULES.registerPerEmail);
    this.resetPerClient = window('reset', RULES.resetPerClient);
    this.resetPerEmail = window('reset', RULES.resetPerEmail);
  }

  static fromConfig(config: { redisUrl: string | undefined }): AbuseLimits {
    return new AbuseLimits(config.redisUrl ? redisLimiterStore(config.redisUrl) : memoryLimiterStore());
  }

  /** Before a sign-in is checked: refused while the account or the client is locked out. */
  async assertMayLogIn(email: string, client: string): Promise<void> {
    const locks = await this.ask(() => Promise.all([this.lockOuts.get(accountKey(email)), this.lockOuts.get(`client:${client}`)]));
    const left = Math.max(...locks.map(msLeft));
    if (left > 0) throw tooManyAttempts(left);
  }

  /** Counts a failed sign-in; true when it locked the account out. */
  async loginFailed(email: string, client: string): Promise<boolean> {
    const [account] = await this.ask(() => Promise.all([this.fail(accountKey(email)), this.fail(`client:${client}`)]));
    return account;
  }

  /** The account's own count starts again; the client's does not, or one known password would reset it. */
  async loginSucceeded(email: string): Promise<void> {
    const key = accountKey(email);
    await this.ask(() => Promise.all([this.lockOuts.delete(key), this.failures.forget(key)]));
  }

  async countRegistration(email: string, client: string): Promise<void> {
    await this.take(this.registerPerClient, `client:${client}`);
    await this.take(this.registerPerEmail, accountKey(email));
  }

  async countResetRequest(email: string, client: string): Promise<void> {
    await this.take(this.resetPerClient, `client:${client}`);
    await this.take(this.resetPerEmail, accountKey(email));
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private async fail(key: string): Promise<boolean> {
    if ((await this.failures.take(key)) === 0) return false;
    await this.lockOuts.block(key, RULES.failedLogin.lockSec);
    return true;
  }

  private async take(window: SlidingWindow, key: string): Promise<void> {
    const left = await this.ask(() => window.take(key));
    if (left > 0) throw tooManyAttempts(left);
  }

  /** Any failure of the store refuses the call: unchecked, it would run unlimited. */
  private async ask<T>(work: () => Promise<T>): Promise<T> {
    try {
      await this.store.ready;
      return await work();
    } catch (error) {
      throw limitsUnavailable(error);
    }
  }
}
