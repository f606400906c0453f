import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignInMethod } from '../../shared/api-types';
import type { AbuseLimits } from '../abuse/limits';
import type { Account, AccountRepository } from '../accounts/account-repository';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { noticeMail } from './notice-mail';
import { PasskeyRefused } from './passkeys';
import { describeFactorSchemaError, mfaLoginSchema, passkeyLoginSchema } from './schemas';
import type { SignInFactors } from './sign-in-factors';

export const LOGIN_FACTOR_MESSAGES = {
  signInExpired: 'This sign-in has expired. Please log in again.',
  wrongCode: 'Invalid code.',
} as const;

export interface FactorLoginDeps {
  factors: SignInFactors;
  limits: AbuseLimits;
  accounts: AccountRepository;
  mailer: Mailer;
  /** The end of every sign-in: failures forgotten, the event logged, the token answered. */
  completeSignIn: (request: FastifyRequest, account: Account, method: SignInMethod, detail?: string) => Promise<{ token: string }>;
  /** A failed sign-in of a known account: counted by the limits and logged (with a lock-out it caused). */
  failSignIn: (request: FastifyRequest, account: Account, method: SignInMethod, detail?: string) => Promise<void>;
}

/**
 * The second step of a password sign-in (`POST /auth/login/mfa`) and the passkey sign-in. They
 * live beside the password sign-in, under the same abuse limits.
 */
export async function factorLoginRoutes(app: FastifyInstance, deps: FactorLoginDeps): Promise<void> {
  const { factors, limits, accounts } = deps;

  await app.register(async (scope) => {
    scope.setSchemaErrorFormatter(describeFactorSchemaError);

    scope.post<{ Body: { mfaToken: string; code: string } }>('/auth/login/mfa', { schema: mfaLoginSchema, bodyLimit: 8 * 1024 }, async (request) => {
      const { mfaToken, code } = request.body;
      const pending = await factors.challenges.peek('mfa', mfaToken);
      const account = pending?.userId ? await accounts.findById(pending.userId) : undefined;
      if (!account) throw new HttpError(401, LOGIN_FACTOR_MESSAGES.signInExpired);
      await limits.assertMayLogIn(account.email, request.ip);
      if (code.trim() === '') throw new HttpError(400, 'Code is required.');
      const method = await factors.authenticator.check(account.id, code);
      if (!method) {
        await deps.failSignIn(request, account, 'authenticator', 'wrong code');
        throw new HttpError(401, LOGIN_FACTOR_MESSAGES.wrongCode);
      }
      // One sign-in per mfaToken, even for two right codes sent at once.
      if (!(await factors.challenges.consume('mfa', mfaToken, account.id))) throw new HttpError(401, LOGIN_FACTOR_MESSAGES.signInExpired);
      if (method === 'recovery-code') {
        await factors.log.record(account.id, 'recovery-code-used', request);
        await deps.mailer.send(noticeMail(account.email, 'recovery-code-used', app.config.siteUrl)).catch((error: unknown) => request.log.error({ err: error }, 'notice mail failed'));
      }
      return deps.completeSignIn(request, account, method);
    });

    scope.post('/auth/passkey/options', async () => ({ options: await factors.passkeys.authenticationOptions() }));

    scope.post<{ Body: { response: AuthenticationResponseJSON } }>('/auth/passkey/verify', { schema: passkeyLoginSchema, bodyLimit: passkeyLoginSchema.bodyLimit }, async (request) => {
      const passkey = await factors.passkeys.repository.find(request.body.response.id);
      const owner = passkey ? await accounts.findById(passkey.userId) : undefined;
      if (owner) await limits.assertMayLogIn(owner.email, request.ip);
      try {
        const { userId, passkeyName } = await factors.passkeys.authenticate(request.body.response);
        const account = await accounts.findById(userId);
        if (!account) throw new HttpError(401, LOGIN_FACTOR_MESSAGES.signInExpired);
        return await deps.completeSignIn(request, account, 'passkey', passkeyName);
      } catch (error) {
        if (error instanceof PasskeyRefused && owner) await deps.failSignIn(request, owner, 'passkey', error.reason);
        throw error;
      }
    });
  });
}
