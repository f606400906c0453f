/** Addresses match without regard to case and surrounding spaces (docs/product.md#accounts). */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** RFC 5321 caps a forward path at 256 octets, which leaves 254 for the address itself. */
const EMAIL_MAX_LENGTH = 254;

// Deliberately plain: one @, something on each side, a dot in the domain, no spaces or controls.
// The mail itself is the real test of an address.
const SHAPE = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}.]+(\.[^\s@\p{Cc}.]+)+$/u;

/** Why a normalised address cannot be an account's, or null when it can. */
export function emailProblem(email: string): string | null {
  if (email === '') return 'Email is required.';
  if (email.length > EMAIL_MAX_LENGTH || !SHAPE.test(email)) return 'Please enter a valid email address.';
  return null;
}
