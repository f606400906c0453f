import { hash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The UTC day of a time given as ISO 8601 (`toISOString`), YYYY-MM-DD. */
export const dayOfIso = (at: string): string => at.slice(0, 10);

/** The UTC day of a time, YYYY-MM-DD. */
export const dayOf = (at: Date): string => dayOfIso(at.toISOString());

/**
 * A visitor's hash for one day: address, user agent and that day's salt. The same visitor hashes
 * alike all day and differently the next, and without the salt (never stored with the data) the
 * hash cannot be traced back to an address.
 */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  // One call (the digest of the joined text is the one of its parts fed in turn): a third of the time.
  return hash('sha256', `${salt}\0${address}\0${userAgent}`, 'base64url').slice(0, 22);
}

/** Where the day's salt lives: this instance's memory, or a Redis every instance shares. */
export interface SaltStore {
  saltFor(day: string): Promise<string>;
  /** The day's salt when it is at hand already (all day but its first call): no promise to wait for. */
  known(day: string): string | undefined;
  close(): Promise<void>;
}

/** Only today's salt is kept: yesterday's is forgotten the moment a new day asks for its own. */
export function memorySaltStore(): SaltStore {
  let current: { day: string; salt: string } | undefined;
  return {
    saltFor: async (day) => {
      if (current?.day !== day) current = { day, salt: randomBytes(32).toString('base64url') };
      return current.salt;
    },
    known: (day) => (current?.day === day ? current.salt : undefined),
    close: async () => undefined,
  };
}

/**
 * The salt in Redis (REDIS_URL), so that instances count a visitor once. The first instance to
 * ask for a day sets it; it expires two days later, by when no request can ask for that day.
 * While Redis is away this instance uses a salt of its own: a visitor may then count twice,
 * which beats counting nobody.
 */
export function redisSaltStore(url: string, prefix = 'agency:insights:salt:'): SaltStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 5000, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', () => undefined);
  const fallback = memorySaltStore();
  let cached: { day: string; salt: string } | undefined;
  return {
    async saltFor(day) {
      if (cached?.day === day) return cached.salt;
      try {
        const key = `${prefix}${day}`;
        await redis.set(key, randomBytes(32).toString('base64url'), 'EX', 2 * 86_400, 'NX');
        const salt = await redis.get(key);
        if (!salt) throw new Error('the salt vanished');
        cached = { day, salt };
        return salt;
      } catch {
        return fallback.saltFor(day);
      }
    },
    known: (day) => (cached?.day === day ? cached.salt : undefined),
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      redis.disconnect();
    },
  };
}
