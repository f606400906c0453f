import { generate, generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps expect it: 6 digits, 30-second steps, HMAC-SHA-1. */
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret, algorithm: 'sha1', digits: TOTP_DIGITS, period: TOTP_PERIOD });
}

/** The code of a moment (seconds since the epoch); tests and the browser suite compute codes with it. */
export function totpCode(secret: string, epochSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  return generate({ secret, epoch: epochSeconds, period: TOTP_PERIOD, digits: TOTP_DIGITS, algorithm: 'sha1' });
}

/**
 * The time step a code belongs to, when it is right within one step of clock drift either way
 * and later than `afterStep` (the last step accepted: a code is good once); otherwise null.
 */
export async function matchTotp(secret: string, code: string, afterStep: number | null, epochSeconds = Math.floor(Date.now() / 1000)): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: epochSeconds,
    period: TOTP_PERIOD,
    digits: TOTP_DIGITS,
    algorithm: 'sha1',
    epochTolerance: TOTP_PERIOD,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid ? Math.floor(epochSeconds / TOTP_PERIOD) + result.delta : null;
}
