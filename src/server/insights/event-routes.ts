import type { FastifyInstance, FastifyReply } from 'fastify';
import { EVENT_BODY_LIMIT } from '../../shared/insights';
import type { EventAnswer, TakeEvent } from './event-intake';
import { eventDocument, eventSchema } from './schemas';

/** The JSON in a beacon's body, or undefined when there is none. */
export function parseEventBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export const NOT_JSON = 'The event must be a JSON object.';
export const TOO_LARGE = `An event is at most ${EVENT_BODY_LIMIT} bytes.`;

/**
 * `POST /api/events` through Fastify: what the front door declines (another content type, an
 * encoded body, a cross-origin API, a draining instance) and every `inject` of the tests.
 * `navigator.sendBeacon` posts text/plain, so JSON is read from that type too.
 */
export async function eventRoutes(app: FastifyInstance, take: TakeEvent): Promise<void> {
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) => {
    const parsed = parseEventBody(body as string);
    if (parsed !== undefined) return done(null, parsed);
    done(Object.assign(new Error(NOT_JSON), { statusCode: 400 }), undefined);
  });
  // A logger of its own for each request (pino's child, its bindings redacted) cost more than
  // anything else the route does but the hash; the intake logs through the app's.
  app.setChildLoggerFactory((logger) => logger);

  app.post('/', { bodyLimit: EVENT_BODY_LIMIT, schema: eventSchema, config: eventDocument }, async (request, reply) => {
    // Behind a proxy, each read of request.ip parses X-Forwarded-For again.
    return sendAnswer(reply, await take(request.headers, request.ip, request.body));
  });
}

function sendAnswer(reply: FastifyReply, answer: EventAnswer): FastifyReply {
  // Nothing about these responses is cached or shared.
  void reply.header('Cache-Control', 'no-store').status(answer.status);
  if (answer.status === 202 || answer.status === 204) return reply.send();
  if ('retryAfterSeconds' in answer) void reply.header('Retry-After', String(answer.retryAfterSeconds));
  return reply.send({ message: answer.message });
}
