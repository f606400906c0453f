import type { FastifyInstance } from 'fastify';
import { HEALTH_PATH } from '../http/health';

/**
 * Reads that carry an `Authorization` header are the owner's: answered from the database, never
 * from the caches, which hold what visitors see. A header that is not a valid token would turn a
 * visitor's read into that uncached work for nothing, so every GET (and HEAD) with one is checked
 * first, with the API's one authentication hook, and answered 401 when the token is not valid:
 * pages, public API reads and feeds alike. Without the header a read is a visitor's, as always.
 * `/healthz` is left out: it reads nothing, and a probe's header must not tie its answer to the
 * database (which the token check asks).
 */
export function refuseInvalidBearerOnReads(app: FastifyInstance): void {
  // A callback rather than async: most requests carry no header, and need no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.authorization === undefined) return done();
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    if (request.routeOptions.url === HEALTH_PATH) return done();
    app.authenticate(request).then(() => done(), (error: unknown) => done(error as Error));
  });
}
