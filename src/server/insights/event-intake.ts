import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { campaignSource } from '../../shared/campaign-tag';
import type { InsightEvent } from '../../shared/insights';
import type { LimiterStore } from '../abuse/limiter-store';
import { clientKey } from '../abuse/client-key';
import { MemoryWindows } from '../abuse/memory-windows';
import { notCountedBecause } from './counting-rules';
import { parseEvent } from './event-shape';
import type { EventWriter } from './event-writer';
import type { ServedPaths } from './served-paths';
import { dayOfIso, visitorHash, type SaltStore } from './visitor-hash';

/** Per client address: a visitor reading fast sends a few a minute. */
const EVENTS_RULE = { points: 120, durationSec: 60 } as const;

export interface EventDeps {
  writer: EventWriter;
  limits: LimiterStore;
  salts: SaltStore;
  pageTypeOf: (path: string) => string | null;
  served: Pick<ServedPaths, 'serves' | 'knownNow'>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** What an event is answered: accepted, deliberately not counted, or refused with a message. */
export type EventAnswer =
  | { status: 202 }
  | { status: 204 }
  | { status: 400; message: string }
  | { status: 429 | 503; message: string; retryAfterSeconds: number };

type EventHeaders = Record<string, string | string[] | undefined>;

/**
 * A beacon's event as it arrives: the request's headers, the client's address, the parsed body.
 * Answered at once when everything it needs is at hand (the limits in memory, a page known, the
 * day's salt), else through a promise.
 */
export type TakeEvent = (headers: EventHeaders, address: string, body: unknown) => EventAnswer | Promise<EventAnswer>;

const ACCEPTED: EventAnswer = { status: 202 };
const NOT_COUNTED: EventAnswer = { status: 204 };
const NOT_SERVED: EventAnswer = { status: 400, message: 'path is not a public page of this site.' };

/**
 * `POST /api/events` whichever way it comes in (Fastify's route or the front door): 202 when the
 * event is accepted (it is written within a second), 204 when it is deliberately not counted
 * (DNT, GPC, robots), 400 for a malformed one, 429 past the per-client limit, 503 while the
 * limits store is away. The limit is taken before the body is looked at, so that a flood of bad
 * events costs no more than a flood of good ones. Database errors reach the caller. What is at
 * hand (a known page, the day's salt) is used without waiting on a promise: each wait cost an
 * event about a microsecond (bench:events).
 */
export function eventIntake({ writer, limits, salts, pageTypeOf, served, now, log }: EventDeps): TakeEvent {
  // Without Redis the limit is counted in memory and answered at once: no promise per event.
  const perClient = limits.local?.(EVENTS_RULE.points, EVENTS_RULE.durationSec) ?? limits.limiter('events', EVENTS_RULE.points, EVENTS_RULE.durationSec);
  let ready = false;
  void limits.ready.then(() => (ready = true));

  const tooMany = (msBeforeNext: number): EventAnswer => ({ status: 429, message: 'Too many events from this address.', retryAfterSeconds: Math.ceil(msBeforeNext / 1000) });
  const refused = (refusal: unknown): EventAnswer => {
    if (refusal instanceof RateLimiterRes) return tooMany(refusal.msBeforeNext);
    log.warn({ err: refusal }, 'insight event not counted: the limits store is away');
    return { status: 503, message: 'Events are not counted for a moment.', retryAfterSeconds: 5 };
  };

  const write = (event: InsightEvent, at: string, day: string, salt: string, address: string, userAgent: string): EventAnswer => {
    const vitals = event.kind === 'vitals';
    writer.add({
      day,
      at,
      kind: event.kind,
      path: event.path,
      page_type: event.type,
      referrer: vitals ? null : (event.ref ?? null),
      utm_source: vitals || event.utm === undefined ? null : campaignSource(event.utm),
      device: event.device,
      visitor: visitorHash(salt, address, userAgent),
      lcp: vitals ? (event.lcp ?? null) : null,
      inp: vitals ? (event.inp ?? null) : null,
      cls: vitals ? (event.cls ?? null) : null,
    });
    return ACCEPTED;
  };

  const accept = (event: InsightEvent, headers: EventHeaders, address: string): EventAnswer | Promise<EventAnswer> => {
    const at = now().toISOString();
    const day = dayOfIso(at);
    const agent = headers['user-agent'];
    const userAgent = typeof agent === 'string' ? agent : '';
    const salt = salts.known(day);
    if (salt !== undefined) return write(event, at, day, salt, address, userAgent);
    return salts.saltFor(day).then((fresh) => write(event, at, day, fresh, address, userAgent));
  };

  const counted = (headers: EventHeaders, address: string, body: unknown): EventAnswer | Promise<EventAnswer> => {
    const parsed = parseEvent(body, pageTypeOf);
    if (!parsed.ok) return { status: 400, message: parsed.message };
    const { event } = parsed;
    const known = served.knownNow(event.path, event.type);
    if (known !== undefined) return known ? accept(event, headers, address) : NOT_SERVED;
    return served.serves(event.path, event.type).then((serves) => (serves ? accept(event, headers, address) : NOT_SERVED));
  };

  return (headers, address, body) => {
    if (notCountedBecause(headers)) return NOT_COUNTED;
    const key = `client:${clientKey(address)}`;
    if (perClient instanceof MemoryWindows) {
      const waitMs = perClient.take(key);
      return waitMs > 0 ? tooMany(waitMs) : counted(headers, address, body);
    }
    // Awaited only until the store has first answered: a promise less on every event after.
    const limited = ready ? perClient.consume(key) : limits.ready.then(() => perClient.consume(key));
    return limited.then(() => counted(headers, address, body), refused);
  };
}
