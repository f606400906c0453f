import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** The purpose the authenticator apps' secrets are sealed under. */
export const TOTP_SECRETS = 'totp-secrets';

/**
 * Seals small secrets (the authenticator app's) with AES-256-GCM under a key derived from the
 * server's secrets key (auth/secrets-key.ts, apart from the JWT secret): a copy of the database
 * alone opens nothing, and a changed key is noticed.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretsKey: Uint8Array, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), `agency:${purpose}`, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** Throws when the box was sealed under another key or altered. */
  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('Not a sealed secret.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
