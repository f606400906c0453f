import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { ContactValues } from '../../shared/contact';

/** A form sent sooner than this after it was handed out was filled in by a program. */
const MIN_FILL_MS = 3000;
/** A form-start time older than this is a replayed one. */
const MAX_FORM_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** More links than this in a message is the shape of link spam. */
const MAX_LINKS = 3;

/**
 * The signed time a form was handed out: `{ms}.{HMAC-SHA256}`, so a robot cannot claim an earlier
 * start than the one it was given. The key is derived from the secrets key, not the JWT secret:
 * rotating that one signs everybody out, and must not turn the forms open at the time into spam.
 */
export class FormStartTokens {
  private readonly secret: Buffer;

  constructor(secretsKey: Uint8Array) {
    this.secret = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'agency:form-start', 32));
  }

  /** The last token issued: pages served from memory ask for many within one millisecond. */
  private last = { ms: '', token: '' };

  issue(now: Date): string {
    const ms = String(now.getTime());
    if (ms !== this.last.ms) this.last = { ms, token: `${ms}.${this.sign(ms)}` };
    return this.last.token;
  }

  /** Why the token shows a robot, or null when it shows a person's pace. */
  problem(token: unknown, now: Date): string | null {
    if (typeof token !== 'string' || token === '') return 'no form-start time';
    const [ms, signature, ...rest] = token.split('.');
    if (!ms || !signature || rest.length > 0 || !/^\d{1,15}$/.test(ms)) return 'malformed form-start time';
    const expected = Buffer.from(this.sign(ms));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged form-start time';
    const age = now.getTime() - Number(ms);
    if (age < MIN_FILL_MS) return 'sent too fast';
    if (age > MAX_FORM_AGE_MS) return 'stale form-start time';
    return null;
  }

  private sign(ms: string): string {
    return createHmac('sha256', this.secret).update(`contact-form-start:${ms}`).digest('base64url');
  }
}

const LINK_SOURCE = String.raw`\b(?:https?://|www\.)|\[url=|<a\s`;
const LINKS = new RegExp(LINK_SOURCE, 'gi');
const A_LINK = new RegExp(LINK_SOURCE, 'i');

/** Why the content alone looks like spam, or null. */
export function contentProblem(values: ContactValues): string | null {
  const links = `${values.name}\n${values.message}`.match(LINKS)?.length ?? 0;
  if (links > MAX_LINKS) return `${links} links`;
  if (A_LINK.test(values.name)) return 'a link in the name';
  return null;
}
