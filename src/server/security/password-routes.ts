import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../accounts/account-service';
import { emailProblem, normalizeEmail } from '../accounts/email-address';
import { resetMail } from '../accounts/reset-mail';
import { ACCOUNT_BODY_LIMIT } from '../accounts/routes';
import { describeSchemaError, forgotSchema, loginSchema, resetSchema } from '../accounts/schemas';
import { HttpError } from '../http/errors';
import type { EventClient } from './security-log';
import type { SignInFlow } from './sign-in-flow';

/**
 * The ways in by password: `POST /auth/login` (which hands over to the second step when the
 * authenticator is on), `/forgot-password` and `/reset-password/:token`. `pending` holds the
 * reset mails still being prepared, which closing waits for.
 */
export async function passwordRoutes(app: FastifyInstance, flow: SignInFlow, pending: Set<Promise<void>>): Promise<void> {
  const { factors, limits, mailer, service } = flow;

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.setSchemaErrorFormatter(describeSchemaError);
    // A sign-in's answer carries a token: no cache or browser history keeps it.
    scope.addHook('onRequest', async (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
    });

    scope.post('/auth/login', { schema: loginSchema, bodyLimit: ACCOUNT_BODY_LIMIT }, async (request) => {
      const email = normalizeEmail(request.body.email);
      const { password } = request.body;
      if (email === '') throw new HttpError(400, 'Email is required.');
      if (password === '') throw new HttpError(400, 'Password is required.');
      // Taken before the password is checked: of many attempts at once, only those the limit allows check one.
      return limits.withSignIn(email, request.ip, {}, async (attempt) => {
        const account = await service.checkCredentials(email, password, { reserved: attempt.fromKnownAddress });
        if (!account) {
          const known = await service.accounts.findByEmail(email);
          if (known) await flow.fail(request, known, 'password', attempt, 'wrong password');
          else await attempt.failed();
          throw new HttpError(401, MESSAGES.invalidCredentials);
        }
        // Failures are forgotten only once the second step is done too: a known password must not
        // buy fresh guesses at the code.
        if (await factors.authenticator.isOn(account.id)) {
          await attempt.release();
          return { mfaRequired: true, mfaToken: await factors.challenges.issue('mfa', account.id) };
        }
        return flow.complete(request, account, 'password', attempt);
      });
    });

    scope.post('/forgot-password', { schema: forgotSchema, bodyLimit: ACCOUNT_BODY_LIMIT }, async (request) => {
      const email = normalizeEmail(request.body.email);
      const problem = emailProblem(email);
      if (problem) throw new HttpError(400, problem);
      await limits.countResetRequest(email, request.ip);
      // The answer leaves before any lookup, so neither its words nor its timing tell whether
      // the address has an account.
      const client = { ip: request.ip, headers: { 'user-agent': request.headers['user-agent'] } };
      const work = sendResetLink(email, client).catch((error: unknown) => request.log.error({ err: error }, 'reset mail failed'));
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return { message: MESSAGES.resetRequested };
    });

    scope.post(
      '/reset-password/:token',
      { schema: resetSchema, bodyLimit: ACCOUNT_BODY_LIMIT },
      async (request) => {
        const email = await service.resetPassword(request.params.token, request.body.password);
        // Whoever holds the mailbox may sign in again at once.
        await limits.resetDone(email).catch((error: unknown) => request.log.warn({ err: error }, 'failed sign-ins not forgotten'));
        const account = await service.accounts.findByEmail(email);
        if (account) await flow.notify(request, account, 'reset-done');
        return { message: MESSAGES.passwordReset };
      },
    );
  });

  async function sendResetLink(email: string, client: EventClient): Promise<void> {
    const link = await service.issueResetLink(email);
    if (!link) return;
    const account = await service.accounts.findByEmail(email);
    if (account) await factors.log.record(account.id, 'reset-requested', client);
    await mailer.send(resetMail(email, link, await app.site.name()));
    // The link itself stays out of the log: whoever reads logs must not be able to take the account.
    if (!mailer.delivers) app.log.info('No SMTP_URL: the reset mail, with its link, is in DATA_DIR/outbox.');
  }
}
