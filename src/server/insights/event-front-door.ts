import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_BODY_LIMIT } from '../../shared/insights';
import { isDatabaseUnavailable } from '../db/connection-loss';
import { DATABASE_AWAY, SERVER_FAULT } from '../http/errors';
import type { FrontHandler } from '../http/front-door';
import type { EventAnswer, TakeEvent } from './event-intake';
import { NOT_JSON, parseEventBody, TOO_LARGE } from './event-routes';

/** What the beacon sends (`navigator.sendBeacon` with a string): the only type taken here. */
const BEACON_TYPE = /^text\/plain\s*(?:;|$)/i;
const trustAll = () => true;

export interface EventFrontOptions {
  take: TakeEvent;
  /** The headers every API answer carries (the security headers). */
  headers: Record<string, string>;
  trustProxy: boolean;
  log: FastifyBaseLogger;
}

/**
 * `POST /api/events` as sent by the beacon, answered without Fastify: the same checks and
 * answers as the route (`eventIntake`), at about the cost of a bare `node:http` handler, since
 * 2,000 events a second would otherwise cost the thread that renders pages as much again
 * (docs/benchmarks.md, "Events' own cost"). Anything else on that path (another content type,
 * an encoded body, a cross-origin API's CORS) is declined before a byte is read, for the route.
 * Events are not request-logged: they are what Insights counts.
 */
export function eventFrontHandler({ take, headers, trustProxy, log }: EventFrontOptions): FrontHandler {
  // Flat lists as writeHead takes them, made once: each answer is one call, no header set apart.
  const fixed = [...Object.entries(headers).flat(), 'cache-control', 'no-store'];
  const accepted = [...fixed, 'content-length', '0'];
  // As Fastify does: a 204 has no body to measure.
  const notCounted = fixed;
  const send = (response: ServerResponse, status: number, message: string, extra: string[] = []) => {
    const body = JSON.stringify({ message });
    response.writeHead(status, [...fixed, ...extra, 'content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(body))]).end(body);
  };
  const answer = (response: ServerResponse, result: EventAnswer) => {
    if (result.status === 202) response.writeHead(202, accepted).end();
    else if (result.status === 204) response.writeHead(204, notCounted).end();
    else send(response, result.status, result.message, 'retryAfterSeconds' in result ? ['retry-after', String(result.retryAfterSeconds)] : []);
  };
  const fail = (response: ServerResponse, error: unknown) => {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, 'the database is unavailable');
      return send(response, 503, DATABASE_AWAY, ['retry-after', '5']);
    }
    log.error({ err: error }, 'insight event failed');
    send(response, 500, SERVER_FAULT);
  };

  return (request: IncomingMessage, response: ServerResponse) => {
    const type = request.headers['content-type'];
    if (!type || !BEACON_TYPE.test(type) || request.headers['content-encoding']) return false;
    // Too large: refused at once, and the connection closed rather than the rest of it read.
    const refuseLarge = () => send(response, 400, TOO_LARGE, ['connection', 'close']);
    if (Number(request.headers['content-length']) > EVENT_BODY_LIMIT) {
      refuseLarge();
      return true;
    }
    // A beacon's body comes in one chunk: kept as it is unless another follows.
    let received: Buffer | undefined;
    let more: Buffer[] | undefined;
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > EVENT_BODY_LIMIT) {
        if (!response.headersSent) refuseLarge();
        request.pause();
      } else if (received === undefined) received = chunk;
      else (more ??= [received]).push(chunk);
    });
    request.on('end', () => {
      if (response.headersSent) return;
      const bytes = more ? Buffer.concat(more, size) : received;
      const body = parseEventBody(bytes ? bytes.toString('utf8') : '');
      if (body === undefined) return send(response, 400, NOT_JSON);
      // A throw here would escape every handler and end the process: it is answered as a fault.
      let taken: EventAnswer | Promise<EventAnswer>;
      try {
        const address = (trustProxy ? proxyAddr(request, trustAll) : request.socket.remoteAddress) ?? '';
        taken = take(request.headers, address, body);
      } catch (error) {
        return fail(response, error);
      }
      if (!(taken instanceof Promise)) return answer(response, taken);
      taken.then(
        (result) => answer(response, result),
        (error: unknown) => fail(response, error),
      );
    });
    return true;
  };
}
