import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { shortenAddress } from './client-info';

/**
 * What the log keeps of a request: never a secret a URL may carry (a reset or confirmation
 * link's token, a signed query), nor a visitor's full address (shortened as the Security page
 * shows it). Fastify logs every request's URL and address by default.
 */
function loggableRequest(request: FastifyRequest): Record<string, string> {
  return { method: request.method, url: loggableUrl(request.url), remoteAddress: shortenAddress(request.ip) };
}

const HIDDEN = '[hidden]';

/**
 * The path with its token-like segments hidden, and the query with its values hidden except
 * small numbers (a page number tells how the site is used; nothing secret is that short).
 */
function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = pathPart
    .split('/')
    .map((segment) => (looksLikeToken(segment) ? HIDDEN : segment))
    .join('/');
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const value = pair.slice(equals + 1);
      return /^\d{1,4}$/.test(value) ? pair : `${pair.slice(0, equals)}=${HIDDEN}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Random tokens (base64url, hex) are long runs of letters and digits, usually of both cases;
 * slugs are lower-case words between hyphens. File names have a dot and stay as they are.
 */
function looksLikeToken(segment: string): boolean {
  if (segment.length < 16 || !/^[A-Za-z0-9_-]+$/.test(segment)) return false;
  if (/[a-z]/.test(segment) && /[A-Z]/.test(segment)) return true;
  return segment.split('-').some((part) => part.length >= 16 && /\d/.test(part) && /[A-Za-z]/.test(part));
}

/** Fields of our own log lines that must never be written, whatever a caller passes. */
const REDACTED_FIELDS = ['password', 'newPassword', 'token', 'mfaToken', 'resetLink', 'link', 'authorization', 'headers.authorization', 'headers.cookie'];

/** The server's logger options with the rules above applied; false stays false. */
export function privateLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, req: loggableRequest },
    redact: { paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]), censor: HIDDEN },
  };
}
