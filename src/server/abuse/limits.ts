import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors';
import { clientKey } from './client-key';
import { memoryLimiterStore, redisLimiterStore, type LimiterStore } from './limiter-store';
import { SlidingWindow, type Claim } from './sliding-window';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How many events one key (an account, a client address) may have within any `windowSec`. */
const RULES = {
  /**
   * 5 sign-in attempts that are not successes for one account or one client address within 15
   * minutes: 15 minutes off. The lock must last at least the window, so that every failure it
   * counted is gone with it.
   */
  failedLogin: { limit: 5, windowSec: 15 * MINUTE, lockSec: 15 * MINUTE },
  /**
   * An address the account signed in from within this time is the owner's own: only its own
   * failures count against it, not the account's failures from elsewhere. Each sign-in renews
   * it. (The memory store times keys with setTimeout, which holds at most 24.8 days.)
   */
  knownAddress: { ttlSec: 14 * DAY },
  /** At most 5 reset requests an hour per e-mail address. */
  resetPerEmail: { limit: 5, windowSec: HOUR },
  /** A client cannot fan out over many addresses either. */
  resetPerClient: { limit: 20, windowSec: HOUR },
  registerPerEmail: { limit: 5, windowSec: HOUR },
  registerPerClient: { limit: 10, windowSec: HOUR },
  /**
   * A passkey sign-in ceremony's challenge (a page load asks for one) costs a signature and
   * stores nothing; counted in a fixed window, since it bounds work, not guesses.
   */
  passkeyOptionsPerClient: { limit: 60, windowSec: MINUTE },
} as const;

/** The 429: whole minutes in the message, seconds in Retry-After. */
export function tooManyAttempts(ms: number): HttpError {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new HttpError(429, `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, {
    'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))),
  });
}

/** The limits cannot be checked (Redis is away): the call they guard is refused, not let through. */
function limitsUnavailable(cause: unknown): HttpError {
  return new HttpError(503, 'Signing in and account changes are unavailable for a moment. Please try again shortly.', { 'Retry-After': '30' }, { cause });
}

const digest = (value: string, length: number) => createHash('sha256').update(value).digest('base64url').slice(0, length);

/** Addresses are keyed by a digest, so the store never holds them in clear. */
function accountKey(email: string): string {
  return `account:${digest(email, 32)}`;
}

/** The account as seen from one client (an IPv6 host's whole /64): the scope of the owner's own address. */
function accountFromClientKey(email: string, client: string): string {
  return `${accountKey(email)}:from:${digest(clientKey(client), 22)}`;
}

const clientScope = (client: string) => `client:${clientKey(client)}`;

const msLeft = (lock: RateLimiterRes | null) => Math.max(0, lock?.msBeforeNext ?? 0);

/**
 * One sign-in attempt, counted before the password or code is checked. Exactly one of its
 * methods ends it.
 */
export interface SignInAttempt {
  /** Begun from an address the account signed in from before: the owner's own, as far as the server can tell. */
  readonly fromKnownAddress: boolean;
  /** The check failed: the attempt stays counted. True when it locked the account out. */
  failed(): Promise<boolean>;
  /** The sign-in is complete: the account's failures forgotten, this address remembered as the owner's. */
  succeeded(): Promise<void>;
  /** The check never ran (the server was too busy), or it passed and a second step follows: the attempt no longer counts. */
  release(): Promise<void>;
}

/** A key's window and lock as one attempt took them. */
interface Held {
  key: string;
  slot: number;
}

/**
 * The abuse limits of the account calls. Each check throws the 429 when a limit is reached, and
 * the 503 when the store cannot answer. `email` is the normalised address; `client` the
 * request's address (the socket's unless a trusted proxy is configured).
 *
 * A sign-in takes its place in the limits before anything is checked, with one atomic step per
 * key, so that a burst of attempts at once checks no more than the limit allows. Failures
 * counted against an account from elsewhere never count against an address the account signed
 * in from before (the owner's own), and never against a passkey sign-in.
 */
export class AbuseLimits {
  private readonly attempts: SlidingWindow;
  private readonly lockOuts: RateLimiterAbstract;
  private readonly knownAddresses: RateLimiterAbstract;
  private readonly registerPerClient: SlidingWindow;
  private readonly registerPerEmail: SlidingWindow;
  private readonly resetPerClient: SlidingWindow;
  private readonly resetPerEmail: SlidingWindow;
  private readonly passkeyOptions: RateLimiterAbstract;

  constructor(private readonly store: LimiterStore) {
    const window = (name: string, rule: { limit: number; windowSec: number }) => new SlidingWindow(store.limiter(name, 1, rule.windowSec), rule.limit);
    this.attempts = window('login', RULES.failedLogin);
    this.lockOuts = store.limiter('login-lock', 1, RULES.failedLogin.lockSec);
    this.knownAddresses = store.limiter('login-known', 1, RULES.knownAddress.ttlSec);
    // Client and account keys differ ('client:…', 'account:…'), so their limiters share a name.
    this.registerPerClient = window('register', RULES.registerPerClient);
    this.registerPerEmail = window('register', RULES.registerPerEmail);
    this.resetPerClient = window('reset', RULES.resetPerClient);
    this.resetPerEmail = window('reset', RULES.resetPerEmail);
    this.passkeyOptions = store.limiter('passkey-options', RULES.passkeyOptionsPerClient.limit, RULES.passkeyOptionsPerClient.windowSec);
  }

  static fromConfig(config: { redisUrl: string | undefined }): AbuseLimits {
    return new AbuseLimits(config.redisUrl ? redisLimiterStore(config.redisUrl) : memoryLimiterStore());
  }

  /**
   * Takes a sign-in attempt before the password or code is checked; throws the 429 when the
   * account (as seen from this address) or the client has no attempt left. A passkey sign-in
   * answers to the client's limit alone.
   */
  async beginSignIn(email: string, client: string, { passkey = false }: { passkey?: boolean } = {}): Promise<SignInAttempt> {
    return this.ask(async () => {
      const fromKnownAddress = !passkey && (await this.isKnown(email, client));
      const accountScope = passkey ? null : fromKnownAddress ? accountFromClientKey(email, client) : accountKey(email);
      const keys = [...(accountScope ? [accountScope] : []), clientScope(client)];
      const locks = await Promise.all(keys.map((key) => this.lockOuts.get(key)));
      const locked = Math.max(...locks.map(msLeft));
      if (locked > 0) throw tooManyAttempts(locked);
      const held: Held[] = [];
      for (const key of keys) {
        const claimed: Claim = await this.attempts.claim(key);
        if ('waitMs' in claimed) {
          await Promise.all(held.map(({ key: heldKey, slot }) => this.attempts.release(heldKey, slot)));
          throw tooManyAttempts(claimed.waitMs);
        }
        held.push({ key, slot: claimed.slot });
      }
      return this.attempt(email, client, accountScope, held, fromKnownAddress);
    });
  }

  /**
   * Runs `work` with an attempt begun for it (see `beginSignIn`). An attempt that `work` leaves
   * unended, because something failed before it decided, is given back: no slot stays held.
   */
  async withSignIn<T>(email: string, client: string, options: { passkey?: boolean }, work: (attempt: SignInAttempt) => Promise<T>): Promise<T> {
    const attempt = await this.beginSignIn(email, client, options);
    try {
      return await work(attempt);
    } finally {
      // Ended already on every path that decided; a store gone away meanwhile must not hide the answer.
      await attempt.release().catch(() => undefined);
    }
  }

  async countRegistration(email: string, client: string): Promise<void> {
    await this.take(this.registerPerClient, clientScope(client));
    await this.take(this.registerPerEmail, accountKey(email));
  }

  /** From the owner's own address, the requests made from elsewhere do not use up the address's allowance. */
  async countResetRequest(email: string, client: string): Promise<void> {
    await this.take(this.resetPerClient, clientScope(client));
    const known = await this.ask(() => this.isKnown(email, client));
    await this.take(this.resetPerEmail, known ? accountFromClientKey(email, client) : accountKey(email));
  }

  /** A passkey ceremony's challenge for `client`: throws the 429 past the client's allowance. */
  async countPasskeyOptions(client: string): Promise<void> {
    await this.ask(async () => {
      try {
        await this.passkeyOptions.consume(clientScope(client));
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) throw tooManyAttempts(refusal.msBeforeNext);
        throw refusal;
      }
    });
  }

  /**
   * A reset proves the mailbox: the account's failures and locks are lifted everywhere. The
   * client's are not, or one known password would reset them.
   */
  async resetDone(email: string): Promise<void> {
    await this.ask(() => this.forgetAccount(accountKey(email)));
  }

  close(): Promise<void> {
    return this.store.close();
  }

  private attempt(email: string, client: string, accountScope: string | null, held: Held[], fromKnownAddress: boolean): SignInAttempt {
    let ended = false;
    const once = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
      if (ended) return undefined;
      ended = true;
      return this.ask(work);
    };
    const releaseAll = () => Promise.all(held.map(({ key, slot }) => this.attempts.release(key, slot)));
    return {
      fromKnownAddress,
      failed: async () =>
        (await once(async () => {
          const lockedOut = await Promise.all(held.map(({ key }) => this.lockIfFull(key)));
          return accountScope !== null && lockedOut[0] === true;
        })) ?? false,
      succeeded: async () => {
        await once(async () => {
          await releaseAll();
          // The account's own count starts again, everywhere: the owner has proved who they are.
          await Promise.all([this.forgetAccount(accountKey(email)), this.forgetAccount(accountFromClientKey(email, client))]);
          await this.knownAddresses.set(this.knownKey(email, client), 1, RULES.knownAddress.ttlSec);
        });
      },
      release: async () => {
        await once(releaseAll);
      },
    };
  }

  private async lockIfFull(key: string): Promise<boolean> {
    if (!(await this.attempts.isFull(key))) return false;
    await this.lockOuts.block(key, RULES.failedLogin.lockSec);
    return true;
  }

  private async forgetAccount(key: string): Promise<void> {
    await Promise.all([this.lockOuts.delete(key), this.attempts.forget(key)]);
  }

  private knownKey(email: string, client: string): string {
    return accountFromClientKey(email, client).replace(/^account:/, 'known:');
  }

  private async isKnown(email: string, client: string): Promise<boolean> {
    return (await this.knownAddresses.get(this.knownKey(email, client))) !== null;
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
      if (error instanceof HttpError) throw error;
      throw limitsUnavailable(error);
    }
  }
}
