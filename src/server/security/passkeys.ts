import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeySummary } from '../../shared/api-types';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import type { ChallengeStore } from './challenges';
import type { PasskeyLoginChallenges } from './login-challenges';
import { PasskeyRepository } from './passkey-repository';

export const PASSKEY_MESSAGES = {
  notVerified: 'This passkey could not be verified. Please try again.',
  unknown: 'This passkey is not registered for any account.',
  registrationFailed: 'The passkey could not be added. Please try again.',
  noSuchPasskey: 'There is no such passkey.',
  nameRequired: 'Please give the passkey a name.',
  nameTooLong: 'A passkey name must be at most 60 characters long.',
} as const;

const NAME_MAX = 60;
/** How long the browser may wait for the authenticator; the stored challenge lasts a little longer. */
const CEREMONY_TIMEOUT_MS = 120_000;

/** A passkey's name as kept: trimmed, 1 to 60 characters. */
export function passkeyName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw new HttpError(400, PASSKEY_MESSAGES.nameRequired);
  if ([...name].length > NAME_MAX) throw new HttpError(400, PASSKEY_MESSAGES.nameTooLong);
  return name;
}

/**
 * Passkeys (WebAuthn) with SimpleWebAuthn: discoverable credentials, user verification required,
 * the relying party and origin from SITE_URL; registration challenges single-use from the shared
 * store, sign-in challenges stateless until spent.
 */
export class Passkeys {
  readonly repository: PasskeyRepository;
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    database: Database,
    private readonly challenges: ChallengeStore,
    private readonly loginChallenges: PasskeyLoginChallenges,
    siteUrl: string,
    /** What the browser shows as the passkey's site: its name. */
    private readonly siteName: () => Promise<string>,
  ) {
    this.repository = new PasskeyRepository(database.db);
    const url = new URL(siteUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async registrationOptions(userId: string, email: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const options = await generateRegistrationOptions({
      rpName: await this.siteName(),
      rpID: this.rpID,
      userName: email,
      userID: new TextEncoder().encode(userId),
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: await this.repository.ids(userId),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    });
    await this.challenges.issue('passkey-register', userId, options.challenge);
    return options;
  }

  async register(userId: string, rawName: string, response: RegistrationResponseJSON): Promise<PasskeySummary> {
    const name = passkeyName(rawName);
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => this.challenges.consume('passkey-register', challenge, userId),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      });
    } catch (error) {
      throw new HttpError(400, PASSKEY_MESSAGES.registrationFailed, {}, { cause: error });
    }
    if (!verification.verified) throw new HttpError(400, PASSKEY_MESSAGES.registrationFailed);
    const { credential } = verification.registrationInfo;
    if (await this.repository.find(credential.id)) throw new HttpError(409, PASSKEY_MESSAGES.registrationFailed);
    return this.repository.add({ id: credential.id, userId, name, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [] });
  }

  /** Options for a sign-in with any passkey of this site: the browser offers the ones it holds. Stores nothing. */
  authenticationOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS, challenge: this.loginChallenges.issue() });
  }

  /**
   * The account a sign-in response proves, with the passkey's name; an HttpError 401 (and what
   * went wrong, for the log) otherwise.
   */
  async authenticate(response: AuthenticationResponseJSON): Promise<{ userId: string; passkeyName: string }> {
    const passkey = typeof response.id === 'string' ? await this.repository.find(response.id) : undefined;
    if (!passkey) throw new HttpError(401, PASSKEY_MESSAGES.unknown);
    let verification;
    let challenge = '';
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (offered) => {
          challenge = offered;
          return this.loginChallenges.isLive(offered);
        },
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: { id: passkey.id, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: true,
      });
    } catch (error) {
      throw new PasskeyRefused(passkey.userId, error);
    }
    if (!verification.verified) throw new PasskeyRefused(passkey.userId, new Error('signature not verified'));
    // Spent only now: a challenge no valid assertion came with leaves nothing behind.
    if (!(await this.loginChallenges.spend(challenge, passkey.userId))) throw new PasskeyRefused(passkey.userId, new Error('the challenge was used already'));
    if (!(await this.repository.used(passkey.id, passkey.counter, verification.authenticationInfo.newCounter))) {
      throw new PasskeyRefused(passkey.userId, new Error('the passkey was used at the same time'));
    }
    return { userId: passkey.userId, passkeyName: passkey.name };
  }
}

/** A response for a known passkey that failed: the owner's log says so. */
export class PasskeyRefused extends HttpError {
  constructor(
    readonly userId: string,
    cause: unknown,
  ) {
    super(401, PASSKEY_MESSAGES.notVerified, {}, { cause });
  }

  get reason(): string {
    return this.cause instanceof Error ? this.cause.message : String(this.cause);
  }
}
