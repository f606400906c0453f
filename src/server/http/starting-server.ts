import dns from 'node:dns';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { HEALTH_PATH, MIGRATING_MESSAGE, READY_PATH, SAFE_METHODS } from './health';

/** What a client is told to wait before asking again while the instance starts. */
const RETRY_AFTER_SECONDS = '5';
/**
 * Behind a proxy, how long a write waits for the app before it is answered 503: a start without
 * a migration to run is ready in a second or two, well within this, and the proxy's own read
 * timeout (60 s in deploy/nginx.conf) and a client's patience are longer.
 */
const HOLD_WRITES_MS = 10_000;

interface HeldRequest {
  request: IncomingMessage;
  response: ServerResponse;
  timer: NodeJS.Timeout;
}

const STARTING = 'The site is starting. Please try again in a moment.';

/**
 * The server's port from the first moment of a start. The database is migrated (which may take
 * long, or wait for another instance's migration) before the app can be built, and a port that
 * answers nothing meanwhile looks dead to a supervisor and a balancer alike. So the process
 * listens at once on this one server and answers on its own: `/healthz` 200 (the process is
 * alive), `/readyz` and everything else 503 with `Retry-After`. The app is then built on this
 * very server (`serverFactory`), and `open()` hands it every request that arrives after, on new
 * connections and kept ones alike: one listening socket throughout, so nothing is refused or
 * dropped at the hand-over.
 *
 * Fastify never listens itself here, so it does not close the server either: `close()` does.
 */
export class StartingServer {
  readonly server: http.Server;
  /** Beside `server` for HOST=localhost: the loopback addresses it did not take (IPv4 and IPv6), as Fastify's own listen binds. */
  private readonly others: http.Server[] = [];
  private listener: RequestListener;
  private app: RequestListener | undefined;
  private readonly held = new Set<HeldRequest>();
  private readonly holdWritesMs: number;

  /** `behindProxy`: TRUST_PROXY, whose meaning for a starting instance is as for a draining one (`answerStarting`). */
  constructor(
    private readonly behindProxy: boolean,
    { holdWritesMs = HOLD_WRITES_MS }: { holdWritesMs?: number } = {},
  ) {
    this.holdWritesMs = holdWritesMs;
    this.listener = (request, response) => this.answerStarting(request, response);
    this.server = http.createServer((request, response) => this.listener(request, response));
  }

  async listen(port: number, host: string): Promise<void> {
    await listenOn(this.server, port, host);
    if (host !== 'localhost') return;
    const { address: taken, port: bound } = this.server.address() as AddressInfo;
    for (const { address } of await dns.promises.lookup(host, { all: true })) {
      if (address === taken) continue;
      const other = http.createServer((request, response) => this.listener(request, response));
      // An address this machine cannot bind (no IPv6) is left out, as Fastify leaves it.
      if (await listenOn(other, bound, address).then(() => true, () => false)) this.others.push(other);
    }
  }

  /** Fastify's `serverFactory`: this server, taking Fastify's options, whose requests go to `dispatch` once opened. */
  serverFactoryFor(dispatch: (fastify: RequestListener) => RequestListener) {
    return (fastify: RequestListener, options: FastifyServerOptions): http.Server => {
      // What Fastify sets on a server it makes itself, which it skips for a factory's.
      for (const server of [this.server, ...this.others]) {
        server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
        server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
        server.setTimeout(options.connectionTimeout ?? 0);
        if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      }
      this.app = dispatch(fastify);
      return this.server;
    };
  }

  /** From now on the app answers, the writes held meanwhile first; call once it is ready. */
  open(): void {
    const app = this.app;
    if (!app) throw new Error('No app was built on the starting server.');
    this.listener = app;
    for (const { request, response, timer } of this.held) {
      clearTimeout(timer);
      if (!response.destroyed) app(request, response);
    }
    this.held.clear();
  }

  /**
   * Stops taking connections, closes the idle ones, and settles once those in flight have ended.
   * A kept-alive connection (a proxy's) that carries one more request meanwhile is answered and
   * then closed (`Connection: close`), so that no connection outlives the close and none is cut
   * under a request when the process exits.
   */
  async close(): Promise<void> {
    await Promise.all(
      [this.server, ...this.others].map(
        (server) =>
          new Promise<void>((resolve) => {
            server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => response.setHeader('Connection', 'close'));
            const sweep = setInterval(() => server.closeIdleConnections(), 100);
            server.close(() => {
              clearInterval(sweep);
              resolve();
            });
            server.closeIdleConnections();
          }),
      ),
    );
  }

  /**
   * Behind a proxy a safe request's connection is closed unanswered, as a draining instance does
   * (http/health.ts): the proxy sends it to an instance that is up and leaves this one alone for
   * a while, where a 503 would reach the visitor (nginx passes the app's 503s on). A write the
   * proxy must not repeat, so it is held, its body unread, for the app to take once it opens, and
   * answered 503 only if the start takes longer than `holdWritesMs`: while an instance restarts
   * under load, the writes the proxy sends it in its last second of starting still succeed. The
   * checks always answer at once.
   */
  private answerStarting(request: IncomingMessage, response: ServerResponse): void {
    const path = (request.url ?? '/').split('?')[0];
    const check = path === HEALTH_PATH || path === READY_PATH;
    if (this.behindProxy && !check) {
      if (SAFE_METHODS.has(request.method ?? '')) request.socket.destroy();
      else this.hold(request, response);
      return;
    }
    if (path === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      send(request, response, 200, { status: 'starting' });
    } else if (path === READY_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      send(request, response, 503, { status: 'migrating', message: MIGRATING_MESSAGE });
    } else {
      send(request, response, 503, { message: STARTING });
    }
  }

  private hold(request: IncomingMessage, response: ServerResponse): void {
    const held: HeldRequest = {
      request,
      response,
      timer: setTimeout(() => {
        this.held.delete(held);
        send(request, response, 503, { message: STARTING });
      }, this.holdWritesMs),
    };
    this.held.add(held);
    // A client that gives up is not waited for.
    response.once('close', () => {
      clearTimeout(held.timer);
      this.held.delete(held);
    });
  }
}

function listenOn(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function send(request: IncomingMessage, response: ServerResponse, status: number, body: Record<string, string>): void {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(status === 503 ? { 'retry-after': RETRY_AFTER_SECONDS } : {}),
    // A request body left unread (a write sent while starting) must not be taken for the next request.
    ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { connection: 'close' }),
  });
  response.end(request.method === 'HEAD' ? undefined : json);
}
