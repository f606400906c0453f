import QRCode from 'qrcode';
import type { AuthenticatorEnrolment, SignInMethod } from '../../shared/api-types';
import { SecretBox, TOTP_SECRETS } from '../auth/secret-box';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { FactorRepository } from './factor-repository';
import { newRecoveryCodes, normalizeRecoveryCode, RecoveryCodeHasher } from './recovery-codes';
import { matchTotp, newTotpSecret, totpUri } from './totp';

const FACTOR_MESSAGES = {
  alreadyOn: 'The authenticator app is already on. Turn it off first to enrol another.',
  noEnrolment: 'Start again: there is no authenticator waiting for its first code.',
  wrongCode: 'That code is not right. Check the app and try again.',
  notOn: 'The authenticator app is not on.',
} as const;

/** The authenticator app (TOTP) and its recovery codes under the server's secrets key. */
export class AuthenticatorFactor {
  readonly repository: FactorRepository;
  private readonly box: SecretBox;
  private readonly hasher: RecoveryCodeHasher;

  constructor(
    database: Database,
    secretsKey: Uint8Array,
    /** What the authenticator app calls the account's issuer: the site's name. */
    private readonly siteName: () => Promise<string>,
  ) {
    this.repository = new FactorRepository(database.db);
    this.box = new SecretBox(secretsKey, TOTP_SECRETS);
    this.hasher = new RecoveryCodeHasher(secretsKey);
  }

  async isOn(userId: string): Promise<boolean> {
    return (await this.repository.totp(userId))?.confirmed ?? false;
  }

  /** A fresh secret, as text, URI and QR code; it works once the first code confirms it. */
  async start(userId: string, email: string): Promise<AuthenticatorEnrolment> {
    const secret = newTotpSecret();
    if (!(await this.repository.startTotp(userId, this.box.seal(secret)))) throw new HttpError(409, FACTOR_MESSAGES.alreadyOn);
    const uri = totpUri(secret, await this.siteName(), email);
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, uri, qrSvg };
  }

  /** The first code turns the factor on and answers the recovery codes, shown this once. */
  async confirm(userId: string, code: string): Promise<string[]> {
    const factor = await this.repository.totp(userId);
    if (!factor) throw new HttpError(400, FACTOR_MESSAGES.noEnrolment);
    if (factor.confirmed) throw new HttpError(409, FACTOR_MESSAGES.alreadyOn);
    const step = await matchTotp(this.box.open(factor.secretEnc), code.trim(), factor.lastStep);
    if (step === null || !(await this.repository.acceptStep(userId, step, { confirm: true }))) throw new HttpError(400, FACTOR_MESSAGES.wrongCode);
    return this.renewRecoveryCodes(userId);
  }

  async renewRecoveryCodes(userId: string): Promise<string[]> {
    if (!(await this.isOn(userId))) throw new HttpError(409, FACTOR_MESSAGES.notOn);
    const codes = newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(userId, codes.map((code) => this.hasher.hash(code)));
    return codes;
  }

  /**
   * Which second factor a code proves, or null: a 6-digit code of the app not yet used, or an
   * unused recovery code, each spent by this call.
   */
  async check(userId: string, rawCode: string): Promise<SignInMethod | null> {
    const factor = await this.repository.totp(userId);
    if (!factor?.confirmed) return null;
    const code = rawCode.replace(/\s/g, '');
    if (/^\d{6}$/.test(code)) {
      const step = await matchTotp(this.box.open(factor.secretEnc), code, factor.lastStep);
      return step !== null && (await this.repository.acceptStep(userId, step)) ? 'authenticator' : null;
    }
    const recovery = normalizeRecoveryCode(rawCode);
    if (recovery && (await this.repository.spendRecoveryCode(userId, this.hasher.hash(recovery)))) return 'recovery-code';
    return null;
  }
}
