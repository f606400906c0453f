import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { InvalidTokenError, type TokenService } from './tokens';

export interface AuthenticatedUser {
  id: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler of every protected route: a valid, current bearer token or 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

/** The one authentication hook of the API. Use it as `{ preHandler: app.authenticate }`. */
export function registerAuthentication(app: FastifyInstance, tokens: TokenService): void {
  app.decorate('tokens', tokens);
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new HttpError(401, 'You need to log in to do that.', { 'WWW-Authenticate': 'Bearer' });
    let payload;
    try {
      payload = await tokens.verify(match[1]!);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw new HttpError(401, error.message, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
      throw error;
    }
    const account = await app.database.db
      .selectFrom('users')
      .select(['id', 'email', 'token_version'])
      .where('id', '=', payload.sub)
      .executeTakeFirst();
    // A reset raises the version and so retires every token issued before it.
    if (!account || account.token_version !== payload.ver) {
      throw new HttpError(401, 'Your session is no longer valid. Please log in again.', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    }
    request.user = { id: account.id, email: account.email };
  });
}
