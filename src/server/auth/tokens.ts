import { errors, jwtVerify, SignJWT } from 'jose';
import type { TokenPayload } from '../../shared/api-types';

export class InvalidTokenError extends Error {}

export interface TokenSubject {
  id: string;
  email: string;
  tokenVersion: number;
}

/** Signs and verifies sign-in tokens: HS256 only, with expiry, issued-at and the account's token version. */
export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  async sign(subject: TokenSubject): Promise<string> {
    return new SignJWT({ email: subject.email, ver: subject.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.id)
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
      return payload as unknown as TokenPayload;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new InvalidTokenError('Your session has expired. Please log in again.');
      throw new InvalidTokenError('Your session is not valid. Please log in again.');
    }
  }
}
