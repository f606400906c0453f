import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (Content-Security-Policy and the rest) on every response. The
 * policy is fixed, so helmet runs once at start and each response gets the headers it wrote.
 * @fastify/helmet instead builds a new helmet, policy parsing included, for every request:
 * measured with `npm run bench:api`, that doubled the server's CPU per API call.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pageHeaders = fixedHeaders(options);
  const apiHeaders = apiHeadersFor(options);
  const assetHeaders = subresourceHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? apiHeaders : request.url.startsWith(ASSETS_PREFIX) ? assetHeaders : pageHeaders);
    done();
  });
}

const API_PREFIX = '/api/';
const ASSETS_PREFIX = '/assets/';

/**
 * The bundle's scripts and styles are never documents: a content policy, framing, referrer or
 * opener rule on them does nothing, yet weighed some 700 bytes on each of the first load's
 * requests. What acts on a subresource stays: no type sniffing, who may embed it (unless that is
 * `cross-origin`, which is what no header means), and HTTPS only.
 */
export function subresourceHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);
  const acts = ([name, value]: [string, string]) => kept.has(name.toLowerCase()) && !(name.toLowerCase() === 'cross-origin-resource-policy' && value === 'cross-origin');
  return Object.fromEntries(Object.entries(pageHeaders).filter(acts));
}
/** JSON is never a document to render: API answers get the strictest policy (OWASP REST Security). */
const API_POLICY = { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } };

/** The security headers of every API answer, for these options. */
export const apiHeadersFor = (options: HelmetOptions): Record<string, string> => fixedHeaders({ ...options, contentSecurityPolicy: API_POLICY });

/** The headers helmet sets for these options, which must not depend on the request. */
export function fixedHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.some((value) => typeof value === 'function' || (Array.isArray(value) && value.some((item) => typeof item === 'function')))) {
    throw new Error('Security headers are computed once; a policy that changes per request (a nonce) needs the middleware per request.');
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => void (failure = error));
  if (failure) throw failure;
  return headers;
}
