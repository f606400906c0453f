import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Where a queued mail's manage link carries its token: the queue is in the database, and a
 * reader of the database must not find a link that manages the booking. The worker puts the
 * token in as the mail goes (`fill`).
 */
export const TOKEN_STAND_IN = 'MANAGE-LINK-TOKEN';

const UUID_HEX = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/;
/** 32 hex digits of the booking's id, then 43 characters of its HMAC (SHA-256, base64url). */
const TOKEN = /^([0-9a-f]{32})([A-Za-z0-9_-]{43})$/;

/**
 * The tokens of manage links, derived from the booking's id and the secrets key: the database
 * holds no token (a hash for the links of bookings made before, which were random), and a link
 * is checked by recomputing its HMAC, compared in constant time.
 */
export class ManageTokens {
  private readonly key: Buffer;

  constructor(secretsKey: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'agency:booking-manage', 32));
  }

  /** The token of a booking's link. */
  of(bookingId: string): string {
    return `${bookingId.replaceAll('-', '')}${this.mac(bookingId).toString('base64url')}`;
  }

  /** The booking id a derived token is for, when its HMAC holds; null for anything else (an older, random token among them). */
  bookingIdOf(token: string): string | null {
    const match = TOKEN.exec(token);
    const parts = match ? UUID_HEX.exec(match[1]!) : null;
    if (!match || !parts) return null;
    const id = parts.slice(1).join('-');
    const sent = Buffer.from(match[2]!, 'base64url');
    const expected = this.mac(id);
    return sent.length === expected.length && timingSafeEqual(sent, expected) ? id : null;
  }

  /** A queued mail (JSON) with its link's token put in. */
  fill(mail: string, bookingId: string): string {
    return mail.replaceAll(TOKEN_STAND_IN, this.of(bookingId));
  }

  private mac(bookingId: string): Buffer {
    return createHmac('sha256', this.key).update(bookingId).digest();
  }
}

/** What the bookings table keeps of a token: SHA-256, enough to find the booking of an older random link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
