import type { FastifyInstance } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { EVENT_BODY_LIMIT } from '../../shared/insights';
import type { LimiterStore } from '../abuse/limiter-store';
import { clientKey } from '../abuse/client-key';
import { notCountedBecause } from './counting-rules';
import { parseEvent } from './event-shape';
import type { EventWriter } from './event-writer';
import type { ServedPaths } from './served-paths';
import { dayOfIso, visitorHash, type SaltStore } from './visitor-hash';

/** Per client address: a visitor reading fast sends a few a minute. */
export const EVENTS_RULE = { points: 120, durationSec: 60 } as const;

export interface EventDeps {
  writer: EventWriter;
  limits: LimiterStore;
  salts: SaltStore;
  pageTypeOf: (path: string) => string | null;
  served: Pick<ServedPaths, 'serves'>;
}

/**
 * `POST /api/events`: 202 when the event is accepted (it is written within a second), 204 when
 * it is deliberately not counted (DNT, GPC, robots), 400 for a malformed one, 429 past the
 * limit. `navigator.sendBeacon` posts text/plain, so JSON is read from that type too.
 */
export async function eventRoutes(app: FastifyInstance, { writer, limits, salts, pageTypeOf, served }: EventDeps): Promise<void> {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = Object.assign(new Error('The event must be a JSON object.'), { statusCode: 400 });
      done(error, undefined);
    }
  });
  const perClient = limits.limiter('events', EVENTS_RULE.points, EVENTS_RULE.durationSec);
  // A logger of its own for each request (pino's child, its bindings redacted) cost more than
  // anything else the route does but the hash; the route's few lines carry the request's id instead.
  app.setChildLoggerFactory((logger) => logger);

  app.post('/', { bodyLimit: EVENT_BODY_LIMIT }, async (request, reply) => {
    // Nothing about these responses is cached or shared.
    void reply.header('Cache-Control', 'no-store');
    if (notCountedBecause(request.headers)) return reply.status(204).send();

    // Behind a proxy, each read of request.ip parses X-Forwarded-For again.
    const address = request.ip;
    try {
      await limits.ready;
      await perClient.consume(`client:${clientKey(address)}`);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) {
        return reply.status(429).header('Retry-After', String(Math.ceil(refusal.msBeforeNext / 1000))).send({ message: 'Too many events from this address.' });
      }
      request.log.warn({ reqId: request.id, err: refusal }, 'insight event not counted: the limits store is away');
      return reply.status(503).send({ message: 'Events are not counted for a moment.' });
    }

    const parsed = parseEvent(request.body, pageTypeOf);
    if (!parsed.ok) return reply.status(400).send({ message: parsed.message });
    const { event } = parsed;
    if (!(await served.serves(event.path, event.type))) return reply.status(400).send({ message: 'path is not a public page of this site.' });
    const at = request.server.clock.now().toISOString();
    const day = dayOfIso(at);
    const visitor = visitorHash(await salts.saltFor(day), address, request.headers['user-agent'] ?? '');
    const vitals = event.kind === 'vitals';
    writer.add({
      day,
      at,
      kind: event.kind,
      path: event.path,
      page_type: event.type,
      referrer: vitals ? null : (event.ref ?? null),
      device: event.device,
      visitor,
      lcp: vitals ? (event.lcp ?? null) : null,
      inp: vitals ? (event.inp ?? null) : null,
      cls: vitals ? (event.cls ?? null) : null,
    });
    return reply.status(202).send();
  });
}
