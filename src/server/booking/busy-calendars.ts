import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import type { Interval } from './busy-time';
import { busyTimes } from './calendar-events';
import { fetchCalendar, type FetchRules } from './calendar-fetch';

/** A calendar is fetched at most this often, by whichever instance claims it (a failure counts as a try). */
const REFRESH_MS = 5 * 60_000;
/** How long a claim holds against other instances: longer than a fetch may take. */
const CLAIM_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;
/**
 * Busy times are read from a day before the moment a copy is read to a day past the booking
 * horizon: only what slots can be offered for is expanded. A copy read into memory is read again
 * when its window has slid by an hour, well inside that day.
 */
const READ_MARGIN_MS = DAY_MS;
const REREAD_AFTER_MS = 60 * 60_000;

export interface CalendarState {
  url: string;
  fetchedAt: string | null;
  events: number;
  error: string | null;
  failedAt: string | null;
}

interface ReadCopy {
  fetchedAt: string;
  zone: string;
  horizonDays: number;
  readAt: number;
  intervals: Interval[];
}

/**
 * The owner's busy calendars: the last good copy of each lives in the database, so that every
 * instance and every restart has it; each instance keeps the copy's busy times read into memory
 * until a newer copy appears. Reading busy time never waits for a calendar server: a copy older
 * than five minutes is refreshed in the background, and a failure keeps the old copy and is
 * recorded for the admin page.
 */
export class BusyCalendars {
  private readonly read = new Map<string, ReadCopy>();
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly now: () => Date,
    private readonly rules: FetchRules,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The busy times of every calendar in `urls` (unsorted, unwidened) over the booking horizon, from the copies at hand. */
  async busy(urls: readonly string[], zone: string, horizonDays: number): Promise<Interval[]> {
    if (urls.length === 0) return [];
    const rows = await this.db.selectFrom('booking_calendars').select(['url', 'fetched_at', 'failed_at', 'claimed_until']).where('url', 'in', urls).execute();
    const known = new Map(rows.map((row) => [row.url, row]));
    const stale = urls.filter((url) => this.isDue(known.get(url)));
    if (stale.length > 0) void this.refresh(stale);
    const all: Interval[] = [];
    for (const url of urls) {
      const fetchedAt = known.get(url)?.fetched_at;
      if (!fetchedAt) continue;
      const copy = await this.copy(url, fetchedAt, zone, horizonDays);
      for (const interval of copy) all.push(interval);
    }
    return all;
  }

  /** Fetches each due address this instance can claim; settles when they are done (tests await it). */
  async refresh(urls: readonly string[], { force = false } = {}): Promise<void> {
    await Promise.all(
      urls.map((url) => {
        const running = this.inFlight.get(url);
        if (running) return running;
        const pass = this.refreshOne(url, force).finally(() => this.inFlight.delete(url));
        this.inFlight.set(url, pass);
        return pass;
      }),
    );
  }

  /** How each address was last read, for the admin page. */
  async states(urls: readonly string[]): Promise<CalendarState[]> {
    if (urls.length === 0) return [];
    const rows = await this.db.selectFrom('booking_calendars').select(['url', 'fetched_at', 'error', 'failed_at']).where('url', 'in', urls).execute();
    const known = new Map(rows.map((row) => [row.url, row]));
    return urls.map((url) => {
      const row = known.get(url);
      const copy = this.read.get(url);
      return { url, fetchedAt: row?.fetched_at ?? null, events: copy && copy.fetchedAt === row?.fetched_at ? copy.intervals.length : 0, error: row?.error ?? null, failedAt: row?.failed_at ?? null };
    });
  }

  /** Forgets addresses the owner removed. */
  async keepOnly(urls: readonly string[]): Promise<void> {
    await this.db
      .deleteFrom('booking_calendars')
      .$if(urls.length > 0, (qb) => qb.where('url', 'not in', urls))
      .execute();
    for (const url of this.read.keys()) if (!urls.includes(url)) this.read.delete(url);
  }

  private isDue(row: { fetched_at: string | null; failed_at: string | null; claimed_until: string | null } | undefined): boolean {
    if (!row) return true;
    const now = this.now().getTime();
    const lastTry = Math.max(row.fetched_at ? Date.parse(row.fetched_at) : 0, row.failed_at ? Date.parse(row.failed_at) : 0);
    return now - lastTry >= REFRESH_MS && (!row.claimed_until || Date.parse(row.claimed_until) <= now);
  }

  private async refreshOne(url: string, force: boolean): Promise<void> {
    const now = this.now();
    await this.db.insertInto('booking_calendars').values({ url, body: null, fetched_at: null, error: null, failed_at: null, claimed_until: null }).onConflict((oc) => oc.column('url').doNothing()).execute();
    const cutoff = new Date(now.getTime() - REFRESH_MS).toISOString();
    // One conditional UPDATE claims the fetch: of the instances that see the copy stale, one fetches.
    const claimed = await this.db
      .updateTable('booking_calendars')
      .set({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
      .where('url', '=', url)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]))
      .$if(!force, (qb) =>
        qb.where((eb) => eb.and([eb.or([eb('fetched_at', 'is', null), eb('fetched_at', '<=', cutoff)]), eb.or([eb('failed_at', 'is', null), eb('failed_at', '<=', cutoff)])])),
      )
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    try {
      const body = await fetchCalendar(url, this.rules);
      // Read once here, so that a file the parser cannot read keeps the last good copy.
      busyTimes(body, [now.getTime(), now.getTime() + 1], 'UTC');
      await this.db.updateTable('booking_calendars').set({ body, fetched_at: this.now().toISOString(), error: null, failed_at: null, claimed_until: null }).where('url', '=', url).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn({ calendar: hostOf(url), reason: message }, 'busy calendar not read; its last good copy stays in use');
      await this.db.updateTable('booking_calendars').set({ error: message, failed_at: this.now().toISOString(), claimed_until: null }).where('url', '=', url).execute();
    }
  }

  private async copy(url: string, fetchedAt: string, zone: string, horizonDays: number): Promise<Interval[]> {
    const held = this.read.get(url);
    const at = this.now().getTime();
    if (held && held.fetchedAt === fetchedAt && held.zone === zone && held.horizonDays === horizonDays && at - held.readAt < REREAD_AFTER_MS) return held.intervals;
    const row = await this.db.selectFrom('booking_calendars').select(['body', 'fetched_at']).where('url', '=', url).executeTakeFirst();
    if (!row?.body || !row.fetched_at) return held?.intervals ?? [];
    let intervals: Interval[];
    try {
      intervals = busyTimes(row.body, [at - READ_MARGIN_MS, at + horizonDays * DAY_MS + READ_MARGIN_MS], zone);
    } catch (error) {
      this.log.warn({ err: error, calendar: hostOf(url) }, 'stored busy calendar not readable');
      intervals = [];
    }
    this.read.set(url, { fetchedAt: row.fetched_at, zone, horizonDays, readAt: at, intervals });
    return intervals;
  }
}

/** Secret calendar addresses carry their secret in the path: logs get the host only. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid address';
  }
}
