import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReauthRequired } from '../../shared/api-types';
import { HttpError } from '../http/errors';
import { InvalidTokenError, tokenDigest, type TokenService } from './tokens';

interface AuthenticatedUser {
  id: string;
  email: string;
  /** When the person last proved who they are, in seconds since the epoch (the token's `auth_time`). */
  authTime: number;
  /** The bearer token itself, so that a sign-out can end it. */
  token: string;
  /** When that token expires, in seconds since the epoch. */
  expiresAt: number;
}

/** Adding or removing what protects the account needs a sign-in at most this old. */
const STEP_UP_MAX_AGE_SECONDS = 10 * 60;
const REAUTH_MESSAGE = 'For your security, please confirm it is you before making this change.';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler of every protected route: a valid, current bearer token or 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler after `authenticate` of the changes that need a recent sign-in: older than
     * STEP_UP_MAX_AGE_SECONDS, the answer is 403 `{ message, reauth: true }`.
     */
    requireRecentSignIn: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

const rejected = (message: string) => new HttpError(401, message, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });

/** The one authentication hook of the API. Use it as `{ preHandler: app.authenticate }`. */
export function registerAuthentication(app: FastifyInstance, tokens: TokenService): void {
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new HttpError(401, 'You need to log in to do that.', { 'WWW-Authenticate': 'Bearer' });
    const token = match[1]!;
    let payload;
    try {
      payload = await tokens.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw rejected(error.message);
      throw error;
    }
    // One statement for both checks: the account's token version, and whether this token was
    // ended by a sign-out. Every instance reads the same rows, so a sign-out holds everywhere at once.
    const account = await app.database.db
      .selectFrom('users')
      .select((eb) => [
        'id',
        'email',
        'token_version',
        eb.exists(eb.selectFrom('ended_tokens').select('token_hash').where('token_hash', '=', tokenDigest(token))).as('ended'),
      ])
      .where('id', '=', payload.sub)
      .executeTakeFirst();
    // A reset raises the version and so retires every token issued before it.
    if (!account || account.token_version !== payload.ver || Boolean(Number(account.ended))) {
      throw rejected('Your session is no longer valid. Please log in again.');
    }
    request.user = { id: account.id, email: account.email, authTime: payload.auth_time ?? payload.iat, token, expiresAt: payload.exp };
  });

  app.decorate('requireRecentSignIn', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user;
    if (!user) throw new HttpError(401, 'You need to log in to do that.', { 'WWW-Authenticate': 'Bearer' });
    if (Date.now() / 1000 - user.authTime <= STEP_UP_MAX_AGE_SECONDS) return;
    const body: ReauthRequired = { message: REAUTH_MESSAGE, reauth: true };
    await reply.status(403).send(body);
  });

  // What answers a signed-in request is the owner's alone: no shared cache or browser history
  // keeps it. Judged by the header, not by `request.user`: a body refused by its schema is
  // answered before the hook that reads the token runs.
  // A callback rather than async: it runs on every answer, and most need no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.user || request.headers.authorization !== undefined) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
