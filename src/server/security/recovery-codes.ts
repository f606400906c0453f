import { createHmac, hkdfSync, randomInt } from 'node:crypto';

const RECOVERY_CODE_COUNT = 10;
/** Without 0/o, 1/l/i: a code read off paper is typed right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like "k7m2p-x9qrt" (about 49 bits each), shown once. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** What the administrator typed, as it was issued: case, spaces and the dash do not matter. */
export function normalizeRecoveryCode(input: string): string | null {
  const plain = input.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== 10 || [...plain].some((char) => !ALPHABET.includes(char))) return null;
  return `${plain.slice(0, 5)}-${plain.slice(5)}`;
}

/**
 * Only this keyed digest is stored. Keyed with the server's secret, so a copied database cannot be
 * searched for codes offline.
 */
export class RecoveryCodeHasher {
  private readonly key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'agency:recovery-codes', 32));
  }

  hash(code: string): string {
    return createHmac('sha256', this.key).update(code).digest('base64url');
  }
}
