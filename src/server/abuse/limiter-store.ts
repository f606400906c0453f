import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { MemoryWindows } from './memory-windows';

/** Where the limits count: this instance's memory, or a Redis that every instance shares. */
export interface LimiterStore {
  /** A limiter of `points` per `durationSec` seconds; `name` keeps its keys apart from the others'. */
  limiter(name: string, points: number, durationSec: number): RateLimiterAbstract;
  /**
   * The same limit answered at once, when the store is this instance's memory; absent with Redis,
   * whose counts every instance shares and which answers through the network.
   */
  local?(points: number, durationSec: number): MemoryWindows;
  /** Settles once the store may be asked. */
  readonly ready: Promise<unknown>;
  close(): Promise<void>;
}

/** The default without REDIS_URL. Each key drops itself when it expires, so memory stays bounded. */
export function memoryLimiterStore(): LimiterStore {
  return {
    limiter: (name, points, duration) => new RateLimiterMemory({ keyPrefix: name, points, duration }),
    local: (points, duration) => new MemoryWindows(points, duration * 1000),
    ready: Promise.resolve(),
    close: async () => undefined,
  };
}

/**
 * Limits shared by every instance through Redis (REDIS_URL). There is deliberately no
 * insurance limiter: while Redis is away each instance would count alone, and the locks
 * already set would be forgotten. Failed commands reach the caller, which refuses the call.
 */
export function redisLimiterStore(url: string, prefix = 'agency:abuse:'): LimiterStore {
  // While Redis is away commands fail at once (no offline queue), so a sign-in is refused in
  // milliseconds instead of after seconds of reconnection attempts; ioredis keeps reconnecting.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5000, enableOfflineQueue: false });
  // Until the first connection attempt has settled, calls wait for it: a fresh start refuses no one.
  const ready = new Promise((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', resolve);
  });
  // Connection trouble surfaces as the failing command's error; without a listener ioredis
  // would also print every reconnection attempt.
  redis.on('error', () => undefined);
  return {
    limiter: (name, points, duration) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}${name}`, points, duration, rejectIfRedisNotReady: true }),
    ready,
    async close() {
      // quit() waits for a connection that may never come; disconnect() stops the retries too.
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      redis.disconnect();
    },
  };
}
