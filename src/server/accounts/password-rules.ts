import { dictionary } from '@zxcvbn-ts/language-common';
import { normalizeEmail } from './email-address';

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 128;
/** How many of the list's most frequent entries count as "common" (docs/product.md#passwords). */
const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

/** The list is ordered by frequency and lower-case; it is built once, on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common;
}

/**
 * The rule a new password breaks, as the message the client shows, or null when it keeps them
 * all. Length counts characters (code points), not UTF-16 units; no composition rules.
 */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length === 0) return 'Password is required.';
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  if (normalizeEmail(password) === normalizeEmail(email)) return 'Password must not be your email address.';
  if (commonPasswords().has(password.toLowerCase())) {
    return 'This password is one of the 10,000 most common passwords. Please choose another.';
  }
  return null;
}
