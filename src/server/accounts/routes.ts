import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AbuseLimits } from '../abuse/limits';
import { HttpError } from '../http/errors';
import { createMailer } from '../mail/mailer';
import { factorLoginRoutes } from '../security/login-routes';
import { signInFactors } from '../security/sign-in-factors';
import type { SignInMethod } from '../../shared/api-types';
import type { Account } from './account-repository';
import type { EventClient } from '../security/security-log';
import { AccountService, MESSAGES } from './account-service';
import { emailProblem, normalizeEmail } from './email-address';
import { resetMail } from './reset-mail';
import { describeSchemaError, forgotSchema, loginSchema, registerSchema, resetSchema, type CredentialsBody } from './schemas';

/** Account calls carry two short fields; anything larger is not a sign-in. */
const BODY_LIMIT = 8 * 1024;

/** The account calls of the API (docs/product.md#api): login, register, forgot and reset password. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const service = new AccountService(app.database, app.config);
  const limits = AbuseLimits.fromConfig(app.config);
  const mailer = createMailer(app.config);
  const factors = signInFactors(app);
  /** Reset mails still being prepared; closing waits for them. */
  const pending = new Set<Promise<void>>();

  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
    mailer.close();
    await limits.close();
  });
  app.setSchemaErrorFormatter(describeSchemaError);

  /**
   * After a sign-in or a reset has succeeded, the account's failures are forgotten. If the limit
   * store is away, the failures simply run out with their window: the success stands.
   */
  const forgetFailures = (request: FastifyRequest, email: string) =>
    limits.loginSucceeded(email).catch((error: unknown) => request.log.warn({ err: error }, 'failed sign-ins not forgotten'));

  /** Every way in ends here: the account's failures forgotten, the sign-in logged, a token. */
  const completeSignIn = async (request: FastifyRequest, account: Account, method: SignInMethod, detail?: string) => {
    await forgetFailures(request, account.email);
    await factors.log.record(account.id, 'sign-in', request, { method, ...(detail ? { detail } : {}) });
    return { token: await app.tokens.sign(account) };
  };
  const failSignIn = async (request: FastifyRequest, account: Account, method: SignInMethod, detail?: string) => {
    const locked = await limits.loginFailed(account.email, request.ip);
    await factors.log.record(account.id, 'sign-in-failed', request, { method, ...(detail ? { detail } : {}) });
    if (locked) await factors.log.record(account.id, 'locked-out', request);
  };
  await factorLoginRoutes(app, { factors, limits, accounts: service.accounts, mailer, completeSignIn, failSignIn });

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
    await limits.assertMayLogIn(email, request.ip);
    const account = await service.checkCredentials(email, password);
    if (!account) {
      const known = await service.accounts.findByEmail(email);
      if (known) await failSignIn(request, known, 'password', 'wrong password');
      else await limits.loginFailed(email, request.ip);
      throw new HttpError(401, MESSAGES.invalidCredentials);
    }
    // Failures are forgotten only once the second step is done too: a known password must not
    // buy fresh guesses at the code.
    if (await factors.authenticator.isOn(account.id)) return { mfaRequired: true, mfaToken: await factors.challenges.issue('mfa', account.id) };
    return completeSignIn(request, account, 'password');
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
      await forgetFailures(request, email);
      const account = await service.accounts.findByEmail(email);
      if (account) await factors.log.record(account.id, 'reset-done', request);
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
