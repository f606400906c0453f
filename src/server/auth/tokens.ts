import { createHash, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { TokenPayload } from '../../shared/api-types';

export class InvalidTokenError extends Error {}

export interface TokenSubject {
  id: string;
  email: string;
  tokenVersion: number;
}

/**
 * What a server-side sign-out keeps of a token: its digest, so the table of ended tokens opens
 * nothing if it is read. Tokens issued before they carried a `jti` are ended the same way.
 */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Signs and verifies sign-in tokens: HS256 only, with expiry, issued-at and the account's token version. */
export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  /**
   * `authTime` (seconds) is when the person last proved who they are: the sign-in itself by
   * default, kept as it was when a token is only renewed.
   */
  async sign(subject: TokenSubject, { authTime }: { authTime?: number } = {}): Promise<string> {
    return new SignJWT({ email: subject.email, ver: subject.tokenVersion, auth_time: authTime ?? Math.floor(Date.now() / 1000) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.id)
      // Two sign-ins within one second would otherwise be the same token, and a sign-out would end both.
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.secret);
  }

  /** The payload of a valid token; InvalidTokenError with a reason for anything else. */
  async verify(token: string): Promise<TokenPayload> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp', 'iat'] });
      if (typeof payload.email !== 'string' || typeof payload.ver !== 'number') {
        throw new InvalidTokenError('Your session is not valid. Please log in again.');
      }
      if (payload.auth_time !== undefined && typeof payload.auth_time !== 'number') throw new InvalidTokenError('Your session is not valid. Please log in again.');
      return payload as unknown as TokenPayload;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new InvalidTokenError('Your session has expired. Please log in again.');
      throw new InvalidTokenError('Your session is not valid. Please log in again.');
    }
  }
}
