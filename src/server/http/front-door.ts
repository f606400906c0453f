import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** Answers a request on its own, or declines it (false) before reading anything, for Fastify to take. */
export type FrontHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** The `Set-Cookie` value a page at `path` (without its query) is sent with, or undefined. */
export type PageCookie = (path: string) => string | undefined;

/**
 * Requests answered before Fastify sees them. Only for what is asked so often that Fastify's
 * per-request work (its request and reply objects, the app's hooks) would be most of its cost:
 * the beacon's events (docs/benchmarks.md, "Events' own cost") and pages from the render cache
 * (render/page-front-door.ts). Such a handler must give the
 * answer Fastify would (the same headers, statuses and messages), and decline whatever it does
 * not handle in full; requests through `inject` (the tests' usual way in) never pass here, so
 * each front handler has tests over a real socket.
 */
export class FrontDoor {
  private readonly handlers = new Map<string, FrontHandler>();
  /** Offered every request no handler above takes: the cached pages. */
  pages: FrontHandler | undefined;
  private readonly cookies: PageCookie[] = [];
  private readonly pageChecks: Array<(url: string) => boolean> = [];
  private open = true;

  /** The security headers every API answer and every page carries, for the handlers to send. */
  constructor(
    readonly apiHeaders: Record<string, string>,
    readonly pageHeaders: Record<string, string>,
  ) {}

  /** Takes `method` `path` (exact, without query) in front of Fastify. */
  add(method: string, path: string, handler: FrontHandler): void {
    this.handlers.set(`${method} ${path}`, handler);
  }

  /** A cookie some pages carry: set by the app's page-cookie hook and by the page handler alike. */
  addPageCookie(cookie: PageCookie): void {
    this.cookies.push(cookie);
  }

  /** The cookies a page at `path` is sent with. */
  pageCookies(path: string): string[] {
    const set: string[] = [];
    for (const cookie of this.cookies) {
      const value = cookie(path);
      if (value !== undefined) set.push(value);
    }
    return set;
  }

  /**
   * `answersFirst(url)` is true for a page address that something before the page route may
   * answer instead (a redirect): the page handler leaves those to Fastify.
   */
  addPageCheck(answersFirst: (url: string) => boolean): void {
    this.pageChecks.push(answersFirst);
  }

  /** Whether a page address must go to Fastify for a check of `addPageCheck`. */
  pageTakenFirst(url: string): boolean {
    return this.pageChecks.some((answersFirst) => answersFirst(url));
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
    const handler = this.open ? (this.handlers.size > 0 ? this.handlers.get(`${request.method} ${request.url}`) : undefined) ?? this.pages : undefined;
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
