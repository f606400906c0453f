import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SecurityOverview } from '../../shared/api-types';
import { AccountRepository } from '../accounts/account-repository';
import { HttpError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { noticeMail, type Notice } from './notice-mail';
import { passkeyName, PASSKEY_MESSAGES } from './passkeys';
import {
  addPasskeySchema,
  codeSchema,
  describeFactorSchemaError,
  overviewSchema,
  passkeyRegistrationOptionsSchema,
  recoveryCodesRenewalSchema,
  removeAuthenticatorSchema,
  removePasskeySchema,
  renamePasskeySchema,
  signOutEverywhereSchema,
  startAuthenticatorSchema,
} from './schemas';
import type { SignInFactors } from './sign-in-factors';

/**
 * The Security page's calls (`/api/security…`), all behind the sign-in: passkeys, the
 * authenticator app, recovery codes, the log and "Sign out everywhere". Registered in a scope of
 * their own: the sign-in hook and the error wording are theirs alone.
 */
export async function securityPageRoutes(scope: FastifyInstance, factors: SignInFactors, mailer: Mailer): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const accounts = new AccountRepository(app.database);
  app.setSchemaErrorFormatter(describeFactorSchemaError);
  app.addHook('preHandler', app.authenticate);

  const user = (request: FastifyRequest) => request.user!;
  /** The owner hears of every change to what protects the account, wherever it was made. */
  const notify = async (request: FastifyRequest, notice: Notice, detail?: string) => {
    await factors.log.record(user(request).id, notice, request, detail ? { detail } : {});
    await mailer.send(noticeMail(user(request).email, notice, { url: app.config.siteUrl, name: await app.site.name() }, detail)).catch((error: unknown) => request.log.error({ err: error }, 'notice mail failed'));
  };
  /** Adding or removing a way in needs a sign-in within the last minutes (the token's auth_time). */
  const recent = { preHandler: app.requireRecentSignIn };

  app.get('/security', { schema: overviewSchema }, async (request): Promise<SecurityOverview> => {
    const { id } = user(request);
    const [authenticator, recoveryCodesLeft, passkeys, events] = await Promise.all([
      factors.authenticator.isOn(id),
      factors.authenticator.repository.recoveryCodesLeft(id),
      factors.passkeys.repository.list(id),
      factors.log.list(id),
    ]);
    return { authenticator, recoveryCodesLeft, passkeys, events };
  });

  app.post('/security/authenticator', { ...recent, schema: startAuthenticatorSchema }, async (request) => factors.authenticator.start(user(request).id, user(request).email));

  app.post('/security/authenticator/confirm', { ...recent, schema: codeSchema }, async (request) => {
    const recoveryCodes = await factors.authenticator.confirm(user(request).id, request.body.code);
    await notify(request, 'authenticator-added');
    return { recoveryCodes };
  });

  app.delete('/security/authenticator', { ...recent, schema: removeAuthenticatorSchema }, async (request, reply) => {
    if (!(await factors.authenticator.repository.removeTotp(user(request).id))) throw new HttpError(404, 'The authenticator app is not on.');
    await notify(request, 'authenticator-removed');
    return reply.status(204).send();
  });

  app.post('/security/recovery-codes', { ...recent, schema: recoveryCodesRenewalSchema }, async (request) => {
    const recoveryCodes = await factors.authenticator.renewRecoveryCodes(user(request).id);
    await factors.log.record(user(request).id, 'recovery-codes-renewed', request);
    return { recoveryCodes };
  });

  app.post('/security/passkeys/options', { ...recent, schema: passkeyRegistrationOptionsSchema }, async (request) => ({ options: await factors.passkeys.registrationOptions(user(request).id, user(request).email) }));

  app.post<{ Body: { name: string; response: RegistrationResponseJSON } }>('/security/passkeys', { ...recent, schema: addPasskeySchema, bodyLimit: 32 * 1024 }, async (request, reply) => {
    const passkey = await factors.passkeys.register(user(request).id, request.body.name, request.body.response);
    await notify(request, 'passkey-added', passkey.name);
    return reply.status(201).send(passkey);
  });

  app.patch('/security/passkeys/:id', { schema: renamePasskeySchema }, async (request) => {
    const renamed = await factors.passkeys.repository.rename(user(request).id, request.params.id, passkeyName(request.body.name));
    if (!renamed) throw new HttpError(404, PASSKEY_MESSAGES.noSuchPasskey);
    return renamed;
  });

  app.delete('/security/passkeys/:id', { ...recent, schema: removePasskeySchema }, async (request, reply) => {
    const name = await factors.passkeys.repository.remove(user(request).id, request.params.id);
    if (name === undefined) throw new HttpError(404, PASSKEY_MESSAGES.noSuchPasskey);
    await notify(request, 'passkey-removed', name);
    return reply.status(204).send();
  });

  app.post('/security/sign-out-everywhere', { ...recent, schema: signOutEverywhereSchema }, async (request, reply) => {
    await accounts.raiseTokenVersion(user(request).id);
    await notify(request, 'signed-out-everywhere');
    return reply.status(204).send();
  });
}
