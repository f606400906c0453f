import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { CHALLENGE_TTL_MS } from './challenges';

const RANDOM_BYTES = 32;
const EXPIRY_BYTES = 8;
const MAC_BYTES = 32;
const LENGTH = RANDOM_BYTES + EXPIRY_BYTES + MAC_BYTES;

/** The kind the spent ones are kept under, beside the stored challenges (a digest each). */
const SPENT_KIND = 'passkey-login';

/**
 * The challenges of a passkey sign-in, which anyone may ask for from the login page: made without
 * storing anything (random bytes, the expiry and an HMAC of both, under a key of their own
 * derived from the secrets key), so no number of requests can fill the database or crowd out the
 * owner. A challenge is recorded as spent only once an assertion made with it has verified
 * against a registered passkey, which a robot cannot produce, and only until it expires: a
 * replay still fails, and the record is swept with the expired challenges.
 */
export class PasskeyLoginChallenges {
  private readonly key: Buffer;

  constructor(
    secretsKey: Uint8Array,
    private readonly db: Kysely<Schema>,
    private readonly now: () => number,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'agency:passkey-login-challenges', 32));
  }

  /** A fresh challenge, live for 5 minutes, as the bytes the WebAuthn options carry. */
  issue(): Uint8Array<ArrayBuffer> {
    const body = Buffer.alloc(RANDOM_BYTES + EXPIRY_BYTES);
    randomBytes(RANDOM_BYTES).copy(body);
    body.writeBigUInt64BE(BigInt(this.now() + CHALLENGE_TTL_MS), RANDOM_BYTES);
    const challenge = new Uint8Array(LENGTH);
    challenge.set(body);
    challenge.set(this.mac(body), body.length);
    return challenge;
  }

  /** Whether `challenge` (base64url, as the browser's client data carries it) was made here and has not expired. */
  isLive(challenge: string): boolean {
    return this.expiryOf(challenge) !== undefined;
  }

  /**
   * Records a live challenge as spent by the account it signed in; false when it was spent
   * already (the insert finds its digest) or is no longer live. Of two requests racing with one
   * challenge, one insert wins.
   */
  async spend(challenge: string, userId: string): Promise<boolean> {
    const expiresAt = this.expiryOf(challenge);
    if (expiresAt === undefined) return false;
    const result = await this.db
      .insertInto('sign_in_challenges')
      .values({ id: createHash('sha256').update(challenge).digest('base64url'), kind: SPENT_KIND, user_id: userId, expires_at: new Date(expiresAt).toISOString() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  private expiryOf(challenge: string): number | undefined {
    const bytes = Buffer.from(challenge, 'base64url');
    // Node's decoder skips what is not base64url: only the one spelling of the bytes is theirs.
    if (bytes.length !== LENGTH || bytes.toString('base64url') !== challenge) return undefined;
    const body = bytes.subarray(0, RANDOM_BYTES + EXPIRY_BYTES);
    if (!timingSafeEqual(bytes.subarray(RANDOM_BYTES + EXPIRY_BYTES), this.mac(body))) return undefined;
    const expiresAt = Number(body.readBigUInt64BE(RANDOM_BYTES));
    return expiresAt > this.now() ? expiresAt : undefined;
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
