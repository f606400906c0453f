import { paths } from '../../shared/paths';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { AccountRepository, type Account } from './account-repository';
import { emailProblem, normalizeEmail } from './email-address';
import { needsRehash, PasswordHasher } from './password-hashing';
import { passwordProblem } from './password-rules';
import { ResetLinkRepository } from './reset-links';

export const MESSAGES = {
  registered: 'Account created. You can now log in.',
  registrationClosed: 'Registration is closed.',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  resetRequested: 'If an account exists for that address, a reset link is on its way.',
  passwordReset: 'Your password has been reset. You can now log in.',
  invalidResetLink: 'This reset link is invalid or has expired. Please request a new one.',
  noSuchAccount: 'There is no account for this email.',
} as const;

/**
 * What can be done to accounts, for the API and the owner's tools alike. Rules broken by the
 * caller's input are thrown as HttpError with the message the client shows.
 */
export class AccountService {
  readonly accounts: AccountRepository;
  readonly resetLinks: ResetLinkRepository;
  /** Every password hashed or checked by this service waits in its one bounded line. */
  readonly hasher = new PasswordHasher();

  constructor(
    database: Database,
    private readonly config: Pick<Config, 'allowRegistration' | 'siteUrl'>,
  ) {
    this.accounts = new AccountRepository(database);
    this.resetLinks = new ResetLinkRepository(database.db, this.accounts);
  }

  /**
   * A new account. The first one is the administrator; later ones only under
   * ALLOW_REGISTRATION, or when the owner creates them from the shell (`byOwner`).
   */
  async register(rawEmail: string, password: string, { byOwner = false } = {}): Promise<Account> {
    const email = normalizeEmail(rawEmail);
    const onlyIfFirst = !byOwner && !this.config.allowRegistration;
    // Cheap refusal first, so closed registration costs no hashing.
    if (onlyIfFirst && (await this.accounts.exists())) throw new HttpError(403, MESSAGES.registrationClosed);
    assertValid(emailProblem(email) ?? passwordProblem(password, email));
    const created = await this.accounts.create(email, await this.hasher.hash(password), { onlyIfFirst });
    if (created.outcome === 'closed') throw new HttpError(403, MESSAGES.registrationClosed);
    if (created.outcome === 'taken') throw new HttpError(409, MESSAGES.emailTaken);
    return created.account;
  }

  /**
   * The account these credentials open, or null; as slow for unknown addresses as for known ones.
   * A 503 when the hashing line is full: nothing was checked. `lane.reserved` for a sign-in from
   * the account's own address, which a flood of others' sign-ins must not turn away.
   */
  async checkCredentials(email: string, password: string, lane: { reserved?: boolean } = {}): Promise<Account | null> {
    const account = await this.accounts.findByEmail(email);
    if (!(await this.hasher.verify(account?.passwordHash, password, lane)) || !account) return null;
    if (needsRehash(account.passwordHash)) await this.accounts.replaceHash(account.id, await this.hasher.hash(password, lane));
    return account;
  }

  /** The owner's reset from the shell: no mail, every sign-in token retired. */
  async setPassword(rawEmail: string, password: string): Promise<Account> {
    const account = await this.accounts.findByEmail(normalizeEmail(rawEmail));
    if (!account) throw new HttpError(404, MESSAGES.noSuchAccount);
    assertValid(passwordProblem(password, account.email));
    await this.accounts.setPassword(account.id, await this.hasher.hash(password));
    return account;
  }

  /** The reset link for an address, or null when it has no account. */
  async issueResetLink(email: string): Promise<string | null> {
    const account = await this.accounts.findByEmail(email);
    if (!account) return null;
    const token = await this.resetLinks.issue(account.id);
    return `${this.config.siteUrl}${paths.resetPassword(token)}`;
  }

  /** Sets the password a reset link was sent for; answers the account's address. */
  async resetPassword(token: string, password: string): Promise<string> {
    const reset = await this.resetLinks.find(token);
    if (!reset) throw new HttpError(400, MESSAGES.invalidResetLink);
    assertValid(passwordProblem(password, reset.email));
    if (!(await this.resetLinks.redeem(reset, await this.hasher.hash(password)))) throw new HttpError(400, MESSAGES.invalidResetLink);
    return reset.email;
  }
}

function assertValid(problem: string | null): void {
  if (problem) throw new HttpError(400, problem);
}
