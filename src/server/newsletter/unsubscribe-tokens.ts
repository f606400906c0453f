import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The token of a subscriber's unsubscribe address: the subscriber's id and its HMAC, so that it
 * needs no row to check. An unsubscribed reader's row is deleted, and the link in every mail
 * they kept still answers that they are unsubscribed. Keyed from the secrets key, not the JWT
 * secret: rotating that one must not break the links in mails already sent.
 */
export class UnsubscribeTokens {
  private readonly secret: Buffer;

  constructor(secretsKey: Uint8Array) {
    this.secret = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'agency:unsubscribe', 32));
  }

  issue(subscriberId: string): string {
    return `${subscriberId}.${this.sign(subscriberId)}`;
  }

  /** The subscriber a token names, or null for one this site did not make. */
  subscriberOf(token: string): string | null {
    const [id, signature, ...rest] = token.split('.');
    if (!id || !signature || rest.length > 0 || !UUID.test(id)) return null;
    const expected = Buffer.from(this.sign(id));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  private sign(id: string): string {
    return createHmac('sha256', this.secret).update(`unsubscribe:${id}`).digest('base64url');
  }
}
