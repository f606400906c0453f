import { jwtDecode } from 'jwt-decode';
import type { SessionUser } from './session-slice';

/** Longest delay a browser timer honours; anything longer fires at once. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
/** The warning before the end of a session: five minutes, or a tenth of a short token's life. */
const EXPIRING_LEAD_MAX_MS = 5 * 60 * 1000;

/**
 * The user a token carries. Throws when it cannot be read as one of ours (not a JWT, or without an
 * email or expiry), so that a caller that must report the failure can.
 */
export function decodeTokenOrThrow(token: string): SessionUser {
  const { sub, email, exp, iat } = jwtDecode<Record<string, unknown>>(token);
  if (typeof exp !== 'number' || !Number.isFinite(exp) || typeof email !== 'string') throw new Error('The token carries no email or expiry.');
  return {
    email,
    exp,
    ...(typeof sub === 'string' ? { sub } : {}),
    ...(typeof iat === 'number' && Number.isFinite(iat) ? { iat } : {}),
  };
}

/** A token that cannot be decoded counts as no session. */
export function decodeToken(token: string): SessionUser | null {
  try {
    return decodeTokenOrThrow(token);
  } catch {
    return null;
  }
}

/** Validity is judged by exp against the current time alone: the client never checks signatures. */
export function isUnexpired(user: SessionUser, nowMs: number): boolean {
  return user.exp * 1000 > nowMs;
}

export function expiresAtMs(user: SessionUser): number {
  return user.exp * 1000;
}

/** When the session starts warning that it is about to end. */
export function expiringAtMs(user: SessionUser): number {
  const lifetime = user.iat === undefined ? Infinity : (user.exp - user.iat) * 1000;
  return expiresAtMs(user) - Math.min(EXPIRING_LEAD_MAX_MS, Math.max(0, lifetime) / 10);
}

/** A timer delay a browser will honour: never negative, never beyond what setTimeout can hold. */
export function clampDelay(ms: number): number {
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, Math.ceil(ms)));
}
