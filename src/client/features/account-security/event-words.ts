import type { SecurityEvent, SecurityEventType, SignInMethod } from '../../../shared/api-types';

const WHAT: Record<SecurityEventType, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'locked-out': 'Locked out after failed sign-ins',
  'reset-requested': 'Password reset requested',
  'reset-done': 'Password reset',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'authenticator-added': 'Authenticator app turned on',
  'authenticator-removed': 'Authenticator app turned off',
  'recovery-code-used': 'Recovery code used',
  'recovery-codes-renewed': 'New recovery codes made',
  'signed-out-everywhere': 'Signed out everywhere',
};

const METHOD: Record<SignInMethod, string> = {
  password: 'a password',
  passkey: 'a passkey',
  authenticator: 'an authenticator code',
  'recovery-code': 'a recovery code',
};

/** "Signed in with a passkey (Work laptop)". */
export function describeEvent(event: SecurityEvent): string {
  const method = event.method ? ` with ${METHOD[event.method]}` : '';
  const detail = event.detail ? ` (${event.detail})` : '';
  return `${WHAT[event.type] ?? event.type}${method}${detail}`;
}

export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
