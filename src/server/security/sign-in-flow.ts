import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignInMethod } from '../../shared/api-types';
import type { AbuseLimits, SignInAttempt } from '../abuse/limits';
import type { Account } from '../accounts/account-repository';
import type { AccountService } from '../accounts/account-service';
import type { Mailer } from '../mail/mailer';
import { noticeMail, type Notice } from './notice-mail';
import type { EventClient } from './security-log';
import type { SignInFactors } from './sign-in-factors';

/** What every way in shares: the account calls, the factors, the limits, the mail, and how a sign-in ends. */
export interface SignInFlow {
  service: AccountService;
  factors: SignInFactors;
  limits: AbuseLimits;
  mailer: Mailer;
  /** The end of every sign-in: failures forgotten, the event logged, a token answered. */
  complete(request: FastifyRequest, account: Account, method: SignInMethod, attempt: SignInAttempt, detail?: string): Promise<{ token: string }>;
  /** A failed sign-in of a known account: counted by the limits and logged (with a lock-out it caused). */
  fail(request: FastifyRequest, account: Account, method: SignInMethod, attempt: SignInAttempt, detail?: string): Promise<void>;
  /** Logs a change to what protects the account and mails the owner about it; a failed mail is logged, not thrown. */
  notify(client: EventClient & { log: FastifyRequest['log'] }, account: { id: string; email: string }, notice: Notice, detail?: string): Promise<void>;
}

export function signInFlow(app: FastifyInstance, parts: Pick<SignInFlow, 'service' | 'factors' | 'limits' | 'mailer'>): SignInFlow {
  const { factors, mailer } = parts;
  return {
    ...parts,
    async complete(request, account, method, attempt, detail) {
      await attempt.succeeded();
      await factors.log.record(account.id, 'sign-in', request, { method, ...(detail ? { detail } : {}) });
      return { token: await app.tokens.sign(account) };
    },
    async fail(request, account, method, attempt, detail) {
      const locked = await attempt.failed();
      await factors.log.record(account.id, 'sign-in-failed', request, { method, ...(detail ? { detail } : {}) });
      if (locked) await factors.log.record(account.id, 'locked-out', request);
    },
    async notify(client, account, notice, detail) {
      await factors.log.record(account.id, notice, client, detail ? { detail } : {});
      await mailer.send(noticeMail(account.email, notice, { url: app.config.siteUrl, name: await app.site.name() }, detail)).catch((error: unknown) => client.log.error({ err: error }, 'notice mail failed'));
    },
  };
}
