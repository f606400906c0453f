import { createHash } from 'node:crypto';
import { HttpError } from '../http/errors';
import type { LimitRule, LimitStore } from './limit-store';
import { MemoryLimitStore } from './memory-store';
import { RedisLimitStore } from './redis-store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** decisions.md, Abuse limits. */
export const RULES = {
  /** 5 failed sign-ins for one account or one client address within 15 minutes: 15 minutes off. */
  failedLogin: { limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  /** At most 5 reset requests an hour per e-mail address. */
  resetPerEmail: { limit: 5, windowMs: HOUR, blockMs: 0 },
  /** A client cannot fan out over many addresses either. */
  resetPerClient: { limit: 20, windowMs: HOUR, blockMs: 0 },
  registerPerEmail: { limit: 5, windowMs: HOUR, blockMs: 0 },
  registerPerClient: { limit: 10, windowMs: HOUR, blockMs: 0 },
} satisfies Record<string, LimitRule>;

/** The 429 of decisions.md: whole minutes in the message, seconds in Retry-After. */
export function tooManyAttempts(ms: number): HttpError {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  return new HttpError(429, `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
    'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))),
  });
}

/** The limits cannot be checked (Redis is away): the call they guard is refused, not let through. */
export function limitsUnavailable(cause: unknown): HttpError {
  return new HttpError(503, 'Signing in and account changes are unavailable for a moment. Please try again shortly.', { 'Retry-After': '30' }, { cause });
}

function failClosed(store: LimitStore): LimitStore {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw limitsUnavailable(error);
    }
  };
  return {
    blockedFor: (key) => guard(() => store.blockedFor(key)),
    hit: (key, rule, unlessBlocked) => guard(() => store.hit(key, rule, unlessBlocked)),
    forget: (key) => guard(() => store.forget(key)),
    close: () => store.close(),
  };
}

/** Addresses are keyed by a digest, so the store never holds them in clear. */
function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url').slice(0, 32);
}

/**
 * The abuse limits of the account calls. Each check throws the 429 when a limit is reached.
 * `email` is the normalised address; `client` the request's address (the socket's unless a
 * trusted proxy is configured).
 */
export class AbuseLimits {
  private readonly store: LimitStore;

  constructor(store: LimitStore) {
    this.store = failClosed(store);
  }

  static fromConfig(config: { redisUrl: string | undefined }): AbuseLimits {
    return new AbuseLimits(config.redisUrl ? new RedisLimitStore(config.redisUrl) : new MemoryLimitStore());
  }

  /** Before a sign-in is checked: refused while the account or the client is locked out. */
  async assertMayLogIn(email: string, client: string): Promise<void> {
    const left = Math.max(await this.store.blockedFor(`login:account:${accountKey(email)}`), await this.store.blockedFor(`login:client:${client}`));
    if (left > 0) throw tooManyAttempts(left);
  }

  async loginFailed(email: string, client: string): Promise<void> {
    await Promise.all([
      this.store.hit(`login:account:${accountKey(email)}`, RULES.failedLogin, false),
      this.store.hit(`login:client:${client}`, RULES.failedLogin, false),
    ]);
  }

  /** The account's own count starts again; the client's does not, or one known password would reset it. */
  async loginSucceeded(email: string): Promise<void> {
    await this.store.forget(`login:account:${accountKey(email)}`);
  }

  async countRegistration(email: string, client: string): Promise<void> {
    await this.take(`register:client:${client}`, RULES.registerPerClient);
    await this.take(`register:account:${accountKey(email)}`, RULES.registerPerEmail);
  }

  async countResetRequest(email: string, client: string): Promise<void> {
    await this.take(`reset:client:${client}`, RULES.resetPerClient);
    await this.take(`reset:account:${accountKey(email)}`, RULES.resetPerEmail);
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private async take(key: string, rule: LimitRule): Promise<void> {
    const left = await this.store.hit(key, rule, true);
    if (left > 0) throw tooManyAttempts(left);
  }
}
