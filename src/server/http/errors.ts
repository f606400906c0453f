import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/connection-loss';

/** An error whose message is meant for the client, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const DATABASE_AWAY = 'The site cannot reach its database right now. Please try again in a moment.';
/** What a 500 says: nothing of our internals. */
export const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; JSON was expected.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_BAD_URL: 'The address of this request is malformed.',
};

/**
 * Every error leaves as JSON `{ message }`: client mistakes with their own status and a plain
 * explanation, our own faults as 500 without internals, an `HttpError` 5xx with its message.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
      // Restarting or failing over: the same request succeeds in a moment, here or elsewhere.
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply.status(503).header('Retry-After', '5').send({ message: DATABASE_AWAY });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Our own 5xx (a service we depend on is away) say what happened; anything else says nothing of our internals.
      if (!(error instanceof HttpError)) return reply.status(status).send({ message: SERVER_FAULT });
    }
    if (error instanceof HttpError) reply.headers(error.headers);
    const code = 'code' in error ? error.code : undefined;
    let message = (code && CLIENT_MESSAGES[code]) || error.message;
    if ('validation' in error && error.validation) message = validationMessage(error);
    return reply.status(status).send({ message });
  });
}

/**
 * Every path under the API's prefix that no route takes answers JSON, the bare prefix included:
 * without its own route `/api` and `/api/` would fall through to the site's HTML not-found page,
 * shown unstyled under the API's Content-Security-Policy. Register inside the prefixed plugin.
 */
export function registerApiNotFound(api: FastifyInstance): void {
  const answer = async (_request: FastifyRequest, reply: FastifyReply) => reply.status(404).send({ message: 'No such API endpoint.' });
  api.all('/', answer);
  api.all('/*', answer);
}

/**
 * Errors the router raises before any route or error handler runs (a malformed percent-encoding
 * in the URL): the same JSON `{ message }` as every other error. Pass as `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ message: CLIENT_MESSAGES[error.code] ?? 'The request could not be understood.' });
}

/** "body/email must match format "email"" becomes "email must match format "email"." */
function validationMessage(error: FastifyError): string {
  const text = error.message.replace(/^(body|querystring|params|headers)\/?/, '').replace(/^ /, '');
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
