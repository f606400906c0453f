import { clearInterval, setInterval } from 'node:timers';
import type { FastifyInstance } from 'fastify';
import { AbuseLimits } from '../abuse/limits';
import { HttpError } from '../http/errors';
import { createMailer } from '../mail/mailer';
import { factorLoginRoutes } from '../security/login-routes';
import type { EventClient } from '../security/security-log';
import { sessionRoutes } from '../security/session-routes';
import { signInFactors } from '../security/sign-in-factors';
import { signInFlow } from '../security/sign-in-flow';
import { AccountService, MESSAGES } from './account-service';
import { emailProblem, normalizeEmail } from './email-address';
import { resetMail } from './reset-mail';
import { describeSchemaError, forgotSchema, loginSchema, registerSchema, resetSchema, type CredentialsBody } from './schemas';

/** Account calls carry two short fields; anything larger is not a sign-in. */
const BODY_LIMIT = 8 * 1024;
/** Expired sign-in challenges are deleted this often, whether or not anyone signs in. */
const CHALLENGE_SWEEP_MS = 60_000;

/** The account calls of the API (docs/product.md#api): login, logout, register, forgot and reset password. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const service = new AccountService(app.database, app.config);
  const limits = AbuseLimits.fromConfig(app.config);
  const mailer = createMailer(app.config);
  const factors = signInFactors(app);
  const flow = signInFlow(app, { service, factors, limits, mailer });
  /** Reset mails still being prepared; closing waits for them. */
  const pending = new Set<Promise<void>>();

  // Deleting expired rows is the same work whichever instance does it, so each may.
  const sweep = setInterval(() => void factors.challenges.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'expired sign-in challenges not deleted')), CHALLENGE_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await Promise.allSettled(pending);
    mailer.close();
    await limits.close();
  });
  app.setSchemaErrorFormatter(describeSchemaError);

  await factorLoginRoutes(app, flow);
  await sessionRoutes(app, flow);

  app.post<{ Body: CredentialsBody }>('/auth/register', { schema: registerSchema, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    await limits.countRegistration(normalizeEmail(request.body.email), request.ip);
    await service.register(request.body.email, request.body.password);
    return reply.status(201).send({ message: MESSAGES.registered });
  });

  app.post<{ Body: CredentialsBody }>('/auth/login', { schema: loginSchema, bodyLimit: BODY_LIMIT }, async (request) => {
    const email = normalizeEmail(request.body.email);
    const { password } = request.body;
    if (email === '') throw new HttpError(400, 'Email is required.');
    if (password === '') throw new HttpError(400, 'Password is required.');
    // Taken before the password is checked: of many attempts at once, only those the limit allows check one.
    const attempt = await limits.beginSignIn(email, request.ip);
    const account = await service.checkCredentials(email, password).catch(async (error: unknown) => {
      await attempt.release();
      throw error;
    });
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

  app.post<{ Body: { email: string } }>('/forgot-password', { schema: forgotSchema, bodyLimit: BODY_LIMIT }, async (request) => {
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

  app.post<{ Params: { token: string }; Body: { password: string } }>(
    '/reset-password/:token',
    { schema: resetSchema, bodyLimit: BODY_LIMIT },
    async (request) => {
      const email = await service.resetPassword(request.params.token, request.body.password);
      // Whoever holds the mailbox may sign in again at once.
      await limits.resetDone(email).catch((error: unknown) => request.log.warn({ err: error }, 'failed sign-ins not forgotten'));
      const account = await service.accounts.findByEmail(email);
      if (account) await flow.notify(request, account, 'reset-done');
      return { message: MESSAGES.passwordReset };
    },
  );

  async function sendResetLink(email: string, client: EventClient): Promise<void> {
    const link = await service.issueResetLink(email);
    if (!link) return;
    const account = await service.accounts.findByEmail(email);
    if (account) await factors.log.record(account.id, 'reset-requested', client);
    await mailer.send(resetMail(email, link));
    // The link itself stays out of the log: whoever reads logs must not be able to take the account.
    if (!mailer.delivers) app.log.info('No SMTP_URL: the reset mail, with its link, is in DATA_DIR/outbox.');
  }
}
