import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import { PasskeyRefused } from './passkeys';
import { describeFactorSchemaError, mfaLoginSchema, passkeyLoginSchema, passkeyOptionsSchema } from './schemas';
import type { SignInFlow } from './sign-in-flow';

const LOGIN_FACTOR_MESSAGES = {
  signInExpired: 'This sign-in has expired. Please log in again.',
  wrongCode: 'Invalid code.',
} as const;

/**
 * The second step of a password sign-in (`POST /auth/login/mfa`) and the passkey sign-in. They
 * live beside the password sign-in, under the same abuse limits, taken before anything is checked.
 */
export async function factorLoginRoutes(app: FastifyInstance, flow: SignInFlow): Promise<void> {
  const { factors, limits, service } = flow;
  const accounts = service.accounts;

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.setSchemaErrorFormatter(describeFactorSchemaError);
    // Tokens and one-time challenges: no cache or browser history keeps them.
    scope.addHook('onRequest', async (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
    });

    scope.post('/auth/login/mfa', { schema: mfaLoginSchema, bodyLimit: 8 * 1024 }, async (request) => {
      const { mfaToken, code } = request.body;
      const pending = await factors.challenges.peek('mfa', mfaToken);
      const account = pending?.userId ? await accounts.findById(pending.userId) : undefined;
      if (!account) throw new HttpError(401, LOGIN_FACTOR_MESSAGES.signInExpired);
      if (code.trim() === '') throw new HttpError(400, 'Code is required.');
      return limits.withSignIn(account.email, request.ip, {}, async (attempt) => {
        const method = await factors.authenticator.check(account.id, code);
        if (!method) {
          await flow.fail(request, account, 'authenticator', attempt, 'wrong code');
          throw new HttpError(401, LOGIN_FACTOR_MESSAGES.wrongCode);
        }
        // One sign-in per mfaToken, even for two right codes sent at once.
        if (!(await factors.challenges.consume('mfa', mfaToken, account.id))) {
          await attempt.release();
          throw new HttpError(401, LOGIN_FACTOR_MESSAGES.signInExpired);
        }
        if (method === 'recovery-code') await flow.notify(request, account, 'recovery-code-used');
        return flow.complete(request, account, method, attempt);
      });
    });

    scope.post('/auth/passkey/options', { schema: passkeyOptionsSchema }, async (request) => {
      await limits.countPasskeyOptions(request.ip);
      return { options: await factors.passkeys.authenticationOptions() };
    });

    // Counted against the client alone: failures of the account's password from elsewhere never
    // stand between the owner and their passkey.
    scope.post<{ Body: { response: AuthenticationResponseJSON } }>('/auth/passkey/verify', { schema: passkeyLoginSchema, bodyLimit: passkeyLoginSchema.bodyLimit }, async (request) => {
      const passkey = await factors.passkeys.repository.find(request.body.response.id);
      const owner = passkey ? await accounts.findById(passkey.userId) : undefined;
      return limits.withSignIn(owner?.email ?? '', request.ip, { passkey: true }, async (attempt) => {
        try {
          const { userId, passkeyName } = await factors.passkeys.authenticate(request.body.response);
          const account = await accounts.findById(userId);
          if (!account) throw new HttpError(401, LOGIN_FACTOR_MESSAGES.signInExpired);
          return await flow.complete(request, account, 'passkey', attempt, passkeyName);
        } catch (error) {
          if (error instanceof PasskeyRefused && owner) await flow.fail(request, owner, 'passkey', attempt, error.reason);
          // Only a refusal counts; a failure of the server's own (the database away) gives the attempt back.
          else if (error instanceof HttpError && error.statusCode === 401) await attempt.failed();
          throw error;
        }
      });
    });
  });
}
