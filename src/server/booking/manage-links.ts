import { createHash, randomBytes } from 'node:crypto';
import { SecretBox } from '../auth/secret-box';
import type { OutgoingMail } from '../mail/mailer';

/** Where a queued mail's manage link carries its token until the mail goes. */
const TOKEN_STAND_IN = 'MANAGE-LINK-TOKEN';
/** 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A queued mail as the queue keeps it: the link's token sealed beside a stand-in, never in the text. */
type QueuedLinkMail = OutgoingMail & { sealedLinkToken?: string };

/** What the bookings table keeps of a token: its SHA-256, enough to find the booking, useless as a link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new booking's link token: random, given out only in the visitor's mails. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Whether a path parameter can be a link token at all (checked before any lookup). */
export const isTokenShaped = (token: string) => TOKEN.test(token);

/**
 * The manage links of the booking mails (`/book/manage/{token}`). A booking's token is random
 * and the database keeps only its hash; the mail queue, also in the database, must not hold a
 * usable link either, so a queued mail carries a stand-in and the token sealed (AES-256-GCM under
 * a key derived from the secrets key), opened as the mail goes.
 */
export class ManageLinks {
  private readonly box: SecretBox;

  constructor(secretsKey: Uint8Array) {
    this.box = new SecretBox(secretsKey, 'booking-manage-links');
  }

  /** A mail as the queue keeps it (JSON): written with `standIn` for the token, which goes sealed beside it. */
  queued(mail: OutgoingMail, token?: string): string {
    const withLink = token !== undefined && JSON.stringify(mail).includes(TOKEN_STAND_IN);
    return JSON.stringify(withLink ? { ...mail, sealedLinkToken: this.box.seal(token) } : mail);
  }

  /** A queued mail (JSON) ready to send: its stand-in replaced by the token, the sealed copy gone. */
  open(queued: string): OutgoingMail | null {
    const parsed = JSON.parse(queued) as QueuedLinkMail | null;
    if (!parsed?.sealedLinkToken) return parsed;
    const { sealedLinkToken, ...mail } = parsed;
    const token = this.box.open(sealedLinkToken);
    return JSON.parse(JSON.stringify(mail).replaceAll(TOKEN_STAND_IN, token)) as OutgoingMail;
  }

  readonly standIn = TOKEN_STAND_IN;
}
