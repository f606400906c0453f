import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FrontDoor } from './front-door';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful shutdown: /healthz answers 503 so that a load balancer takes
     * this instance out, and every answer closes its connection so that none is kept for reuse.
     * Requests keep being served until `close()`, but see `registerHealth` for those behind a proxy.
     */
    drain(): void;
  }
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** A readiness check that does not answer within this is a failed one: a balancer must not wait on it. */
const READY_TIMEOUT_MS = 2_000;

/**
 * `GET /healthz`: 200 while the instance takes traffic, 503 once it is shutting down.
 *
 * Behind a proxy (TRUST_PROXY=true), a draining instance closes the connection of a safe request
 * without answering, as an instance already gone would: a proxy retries such a request on
 * another instance and stops sending this one anything for a while, even without active health
 * checks (nginx: `proxy_next_upstream error` and `max_fails`), so that when it closes no request
 * is on its way to it. A status would not do: the proxy must pass on the 503s an instance
 * answers when it is busy or the database is away, or a flood would cost every instance in turn.
 * Writes are still served: a proxy must not repeat those.
 */
export function registerHealth(app: FastifyInstance, { behindProxy, frontDoor, ready }: { behindProxy: boolean; frontDoor?: FrontDoor; ready?: () => Promise<boolean> }): void {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
    frontDoor?.drain();
  });
  app.get(HEALTH_PATH, async (_request, reply) => (draining ? reply.status(503).send({ status: 'draining' }) : { status: 'ok' }));
  // Readiness, apart from liveness: a database away or not yet migrated takes the instance out of
  // rotation (and keeps a deploy waiting) without a supervisor restarting a live process for it.
  app.get(READY_PATH, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (draining) return notReady(reply, 'draining');
    const status = await withTimeout(ready?.() ?? Promise.resolve(true)).then(
      (isReady) => (isReady ? 'ready' : 'migrating'),
      () => 'database unavailable' as const,
    );
    return status === 'ready' ? { status } : notReady(reply, status);
  });
  // Both hooks take a callback rather than being async: they run on every request, and an async
  // hook costs each one a promise and its turns (measured with bench:events).
  app.addHook('onRequest', (request, reply, done) => {
    if (draining && behindProxy && SAFE_METHODS.has(request.method) && request.url !== HEALTH_PATH && request.url !== READY_PATH) {
      reply.hijack();
      request.raw.socket.destroy();
    }
    done();
  });
  // On every answer sent while draining, requests that began before included: a kept-alive
  // connection would otherwise hold the exit back until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });
}

export const MIGRATING_MESSAGE = 'The site is starting: its database is being brought up to date.';

/** Why an instance is not ready, in words for whoever reads a probe's answer. */
const NOT_READY = {
  draining: 'This instance is stopping.',
  migrating: MIGRATING_MESSAGE,
  'database unavailable': 'The site cannot reach its database right now.',
} as const;

function notReady(reply: FastifyReply, status: keyof typeof NOT_READY) {
  return reply.status(503).header('Retry-After', '5').send({ status, message: NOT_READY[status] });
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), READY_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
