import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SecurityEvent, SecurityEventType, SignInMethod } from '../../shared/api-types';
import type { Schema } from '../db/schema';
import { browserName, shortenAddress } from '../http/client-info';

/** Events are kept 90 days. */
const LOG_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** The Security page shows this many of the latest. */
const LOG_PAGE = 50;

export interface EventClient {
  ip: string;
  headers: { 'user-agent'?: string | undefined };
}

/** The account's security events: sign-ins, failures, resets, factors added and removed. */
export class SecurityLog {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly now: () => number = Date.now,
  ) {}

  async record(userId: string, type: SecurityEventType, client: EventClient, extra: { method?: SignInMethod; detail?: string } = {}): Promise<void> {
    const now = this.now();
    await this.db
      .insertInto('security_events')
      .values({
        id: randomUUID(),
        user_id: userId,
        type,
        method: extra.method ?? null,
        detail: extra.detail?.slice(0, 200) ?? null,
        address: shortenAddress(client.ip),
        browser: browserName(client.headers['user-agent']),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    await this.db.deleteFrom('security_events').where('created_at', '<', new Date(now - LOG_RETENTION_MS).toISOString()).execute();
  }

  /** The latest events first, never older than the retention. */
  async list(userId: string, limit = LOG_PAGE): Promise<SecurityEvent[]> {
    const rows = await this.db
      .selectFrom('security_events')
      .selectAll()
      .where('user_id', '=', userId)
      .where('created_at', '>=', new Date(this.now() - LOG_RETENTION_MS).toISOString())
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      type: row.type as SecurityEventType,
      method: (row.method as SignInMethod | null) ?? null,
      detail: row.detail,
      address: row.address,
      browser: row.browser,
      at: row.created_at,
    }));
  }
}
