import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { LimitRule, LimitStore } from './limit-store';

// One script, so that checking, counting and refusing are one atomic step for every instance.
// The log is a sorted set of event times; the refusal a key that expires by itself.
// Same rule as blockUntil() in limit-store.ts.
const HIT = `
local now, window, limit, blockMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if ARGV[6] == '1' then
  local left = redis.call('PTTL', KEYS[2])
  if left > 0 then return left end
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -limit - 1)
redis.call('PEXPIRE', KEYS[1], window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = tonumber(redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2])
  local untilMs = math.max(oldest + window, now + blockMs)
  local left = redis.call('PTTL', KEYS[2])
  if left < untilMs - now then redis.call('SET', KEYS[2], '1', 'PX', untilMs - now) end
end
return 0
`;

interface WithHit {
  abuseHit(log: string, block: string, ...args: (string | number)[]): Promise<number>;
}

/** Limits shared by every instance through Redis (REDIS_URL). */
export class RedisLimitStore implements LimitStore {
  private readonly redis: Redis & WithHit;
  private readonly started: Promise<unknown>;

  constructor(
    url: string,
    private readonly prefix = 'agency:abuse:',
    private readonly now: () => number = Date.now,
  ) {
    // While Redis is away commands fail at once (no offline queue), so a sign-in is refused in
    // milliseconds instead of after seconds of reconnection attempts; ioredis keeps reconnecting.
    const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5000, enableOfflineQueue: false });
    // Until the first connection attempt has settled, commands wait for it: a fresh start refuses no one.
    this.started = new Promise((resolve) => {
      redis.once('ready', resolve);
      redis.once('error', resolve);
    });
    // Connection trouble surfaces as the failing command's error; without a listener ioredis
    // would also print every reconnection attempt.
    redis.on('error', () => undefined);
    redis.defineCommand('abuseHit', { numberOfKeys: 2, lua: HIT });
    this.redis = redis as Redis & WithHit;
  }

  async blockedFor(key: string): Promise<number> {
    await this.started;
    return Math.max(0, await this.redis.pttl(this.blockKey(key)));
  }

  async hit(key: string, rule: LimitRule, unlessBlocked: boolean): Promise<number> {
    await this.started;
    const now = this.now();
    const member = `${now}-${randomBytes(6).toString('hex')}`;
    const args = [now, rule.windowMs, rule.limit, rule.blockMs, member, unlessBlocked ? '1' : '0'];
    return Number(await this.redis.abuseHit(this.logKey(key), this.blockKey(key), ...args));
  }

  async forget(key: string): Promise<void> {
    await this.started;
    await this.redis.del(this.logKey(key), this.blockKey(key));
  }

  async close(): Promise<void> {
    // quit() waits for a connection that may never come; disconnect() stops the retries too.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }

  private logKey(key: string): string {
    return `${this.prefix}log:${key}`;
  }

  private blockKey(key: string): string {
    return `${this.prefix}block:${key}`;
  }
}
