import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { applicationName, type Database } from './database';

/**
 * How the instances sharing a database tell each other that content changed, so that each drops
 * its caches within a second instead of when they expire.
 */
export interface ChangeChannel {
  /**
   * Tells the other instances; this one has already cleared its own caches. With a page's path,
   * only that page changed. Never throws.
   */
  announce(path?: string): Promise<void>;
  /**
   * Called when another instance announced a change (with the path it named, if any), and after
   * the channel came back from an outage (announcements may have been missed meanwhile: no path).
   */
  subscribe(listener: (path?: string) => void): void;
  /** Resolves once listening (or once the first attempt failed; retries continue). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** SQLite: one process owns the file, so there is no one else to tell. */
function localChangeChannel(): ChangeChannel {
  return { announce: async () => undefined, subscribe: () => undefined, start: async () => undefined, close: async () => undefined };
}

export interface ReconnectOptions {
  /** The first retry after losing the connection waits this long, each next one twice as long. */
  firstDelayMs: number;
  maxDelayMs: number;
}

const DEFAULT_RECONNECT: ReconnectOptions = { firstDelayMs: 100, maxDelayMs: 5_000 };

/**
 * PostgreSQL LISTEN/NOTIFY on one dedicated connection that reconnects by itself with growing
 * delays. The channel is named after the schema, so that sites (and test suites) sharing a
 * database do not hear each other. While it is down, the caches' own lifetime is the bound.
 */
export class PostgresChangeChannel implements ChangeChannel {
  /** Sent with every announcement, so that an instance ignores its own. */
  readonly id = randomUUID();
  readonly channel: string;
  private readonly listeners: ((path?: string) => void)[] = [];
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  private connections = 0;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
    private readonly reconnect: ReconnectOptions = DEFAULT_RECONNECT,
  ) {
    this.channel = `larkspur_changes_${database.schema ?? 'public'}`;
  }

  /** The server process of the listening connection, while there is one (tests end it). */
  get listenerPid(): number | undefined {
    return this.client ? (this.client as unknown as { processID: number | null }).processID ?? undefined : undefined;
  }

  subscribe(listener: (path?: string) => void): void {
    this.listeners.push(listener);
  }

  async announce(path?: string): Promise<void> {
    try {
      // The sender's id, then the path when only one page changed.
      await sql`SELECT pg_notify(${this.channel}, ${path === undefined ? this.id : `${this.id} ${path}`})`.execute(this.database.db);
    } catch (error) {
      // The change itself is committed; the others see it when their caches expire.
      this.log.warn({ err: error }, 'announcing a change to the other instances failed');
    }
  }

  start(): Promise<void> {
    return this.connect();
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private emit(path?: string): void {
    for (const listener of this.listeners) listener(path);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, application_name: applicationName('changes', this.database.schema) });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.retry(error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      const [origin, path] = (message.payload ?? '').split(' ', 2);
      if (origin !== this.id) this.emit(path || undefined);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (lost || this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const missedSome = this.connections > 0 || this.failures > 0;
    this.connections++;
    this.failures = 0;
    if (missedSome) {
      this.log.info({ channel: this.channel }, 'listening for changes again; dropping the caches');
      this.emit();
    }
  }

  private retry(error: unknown): void {
    if (this.stopped) return;
    const delay = Math.min(this.reconnect.maxDelayMs, this.reconnect.firstDelayMs * 2 ** this.failures);
    this.failures++;
    this.log.warn({ err: error, retryInMs: delay, channel: this.channel }, 'the change channel is down; caches fall back to their lifetime');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref?.();
  }
}

/** The channel for a database: LISTEN/NOTIFY on PostgreSQL, nothing on SQLite. */
export function openChangeChannel(database: Database, databaseUrl: string | undefined, log: FastifyBaseLogger): ChangeChannel {
  return database.engine === 'postgres' && databaseUrl ? new PostgresChangeChannel(database, databaseUrl, log) : localChangeChannel();
}
