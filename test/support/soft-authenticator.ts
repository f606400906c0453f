import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/**
 * A passkey authenticator in software for the API tests: a P-256 key, "none" attestation, user
 * presence and verification, a signature counter, made byte for byte as WebAuthn says.
 */
export class SoftAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = randomBytes(16);
  counter = 0;
  private userHandle = '';

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {}

  get id(): string {
    return b64(this.credentialId);
  }

  register(options: PublicKeyCredentialCreationOptionsJSON, { origin = this.origin, userVerified = true } = {}): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(coseKey))]);
    const authData = Buffer.concat([this.authData(0x40 | this.flags(userVerified), options.rp.id ?? this.rpId), attested]);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    const attestation = isoCBOR.encode(new Map<string, Uint8Array | string | Map<string, string>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64(Buffer.from(clientData)), attestationObject: b64(attestation), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** An assertion; `counter` overrides the next signature count (to make one go backwards). */
  authenticate(options: PublicKeyCredentialRequestOptionsJSON, { origin = this.origin, counter, userVerified = true }: { origin?: string; counter?: number; userVerified?: boolean } = {}): AuthenticationResponseJSON {
    this.counter = counter ?? this.counter + 1;
    const authData = this.authData(this.flags(userVerified), options.rpId ?? this.rpId);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private flags(userVerified: boolean): number {
    return 0x01 | (userVerified ? 0x04 : 0);
  }

  private authData(flags: number, rpId: string): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }
}
