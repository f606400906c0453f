import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { SignInMethod } from '../../shared/api-types';
import { HttpError } from '../http/errors';
import { EndedTokens } from './ended-tokens';
import { PasskeyRefused } from './passkeys';
import { describeFactorSchemaError, logoutSchema, reauthSchema } from './schemas';
import type { SignInFlow } from './sign-in-flow';

const REAUTH_MESSAGES = {
  oneProof: 'Enter your password or a code, or use a passkey.',
  refused: 'That did not confirm it is you. Try again.',
} as const;

interface ReauthBody {
  password?: string;
  code?: string;
  response?: AuthenticationResponseJSON;
}

/**
 * The signed-in session's own calls: `POST /auth/logout` ends the bearer token on the server, and
 * `POST /auth/reauth` answers a fresh token (its `auth_time` now) for a password, a code of the
 * authenticator app, a recovery code or a passkey, so that a change needing a recent sign-in can
 * go ahead. Both end the token they were called with.
 */
export async function sessionRoutes(app: FastifyInstance, flow: SignInFlow): Promise<void> {
  const { factors, limits, service } = flow;
  const ended = new EndedTokens(app.database.db);

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.setSchemaErrorFormatter(describeFactorSchemaError);
    scope.addHook('preHandler', app.authenticate);

    scope.post('/auth/logout', { schema: logoutSchema }, async (request, reply) => {
      const user = request.user!;
      await ended.end(user.token, user.expiresAt);
      return reply.status(204).send();
    });

    scope.post<{ Body: ReauthBody }>('/auth/reauth', { schema: reauthSchema, bodyLimit: 32 * 1024 }, async (request) => {
      const user = request.user!;
      const { password, code, response } = request.body;
      const proofs = [password, code, response].filter((proof) => proof !== undefined && proof !== '');
      if (proofs.length !== 1) throw new HttpError(400, REAUTH_MESSAGES.oneProof);
      const account = await service.accounts.findById(user.id);
      if (!account) throw new HttpError(401, 'Your session is no longer valid. Please log in again.');
      const tried: SignInMethod = password ? 'password' : code ? 'authenticator' : 'passkey';
      const attempt = await limits.beginSignIn(account.email, request.ip, { passkey: tried === 'passkey' });
      let method: SignInMethod | null;
      let detail = 'to confirm a change';
      try {
        if (tried === 'password') {
          method = (await service.hasher.verify(account.passwordHash, password!)) ? 'password' : null;
        } else if (tried === 'authenticator') {
          method = await factors.authenticator.check(account.id, code!);
        } else {
          const proved = await factors.passkeys.authenticate(response!);
          method = proved.userId === account.id ? 'passkey' : null;
          detail = `${proved.passkeyName}, ${detail}`;
        }
      } catch (error) {
        if (error instanceof PasskeyRefused) await flow.fail(request, account, 'passkey', attempt, error.reason);
        else if (error instanceof HttpError && error.statusCode === 401) await attempt.failed();
        else await attempt.release();
        // A refused passkey is no verdict on the session: never a 401 here.
        if (error instanceof HttpError && error.statusCode === 401) throw new HttpError(403, REAUTH_MESSAGES.refused, {}, { cause: error });
        throw error;
      }
      if (!method) {
        await flow.fail(request, account, tried, attempt, 'while confirming a change');
        throw new HttpError(403, REAUTH_MESSAGES.refused);
      }
      const answer = await flow.complete(request, account, method, attempt, detail);
      await ended.end(user.token, user.expiresAt);
      return answer;
    });
  });
}
