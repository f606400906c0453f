import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** Answers a request on its own, or declines it (false) before reading anything, for Fastify to take. */
export type FrontHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Requests answered before Fastify sees them. Only for an endpoint hit so often that Fastify's
 * per-request work (its request and reply objects, the app's hooks) would be most of its cost:
 * the beacon's events (docs/benchmarks.md, "Events' own cost"). Such a handler must give the
 * answer Fastify would (the same headers, statuses and messages), and decline whatever it does
 * not handle in full; requests through `inject` (the tests' usual way in) never pass here, so
 * each front handler has tests over a real socket.
 */
export class FrontDoor {
  private readonly handlers = new Map<string, FrontHandler>();
  private open = true;

  /** `apiHeaders`: the security headers every API answer carries, for the handlers to send. */
  constructor(readonly apiHeaders: Record<string, string>) {}

  /** Takes `method` `path` (exact, without query) in front of Fastify. */
  add(method: string, path: string, handler: FrontHandler): void {
    this.handlers.set(`${method} ${path}`, handler);
  }

  /**
   * From now on Fastify takes every request: a draining instance's answers carry
   * `Connection: close` (its onSend hook), so that kept-alive connections let it exit.
   */
  drain(): void {
    this.open = false;
  }

  /** Fastify's request listener with this door in front of it. */
  readonly dispatch = (fastify: RequestListener): RequestListener => (request, response) => {
    const handler = this.open && this.handlers.size > 0 ? this.handlers.get(`${request.method} ${request.url}`) : undefined;
    if (!handler?.(request, response)) fastify(request, response);
  };

  /** Fastify's `serverFactory`: the server Fastify would make, with this door in front of it. */
  readonly serverFactory = (fastify: RequestListener, options: FastifyServerOptions): http.Server => {
    const server = http.createServer(this.dispatch(fastify));
    // What Fastify sets on a server it makes itself, which it skips for a factory's.
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
