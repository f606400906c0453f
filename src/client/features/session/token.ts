import { jwtDecode } from 'jwt-decode';
import type { SessionUser } from './sessionSlice';

/** Longest delay a browser timer honours; anything longer fires at once. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
/** The warning before the end of a session: five minutes, or a tenth of a short token's life. */
export const EXPIRING_LEAD_MAX_MS = 5 * 60 * 1000;

/**
 * The user a token carries, or null when it cannot be read as one of ours (spec 8: a token that
 * cannot be decoded counts as no session). Throws what jwt-decode throws, so a caller that must
 * report the failure can.
 */
export function decodeTokenOrThrow(token: string): SessionUser | null {
  const payload = jwtDecode<Record<string, unknown>>(token);
  const { sub, email, exp, iat } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || typeof email !== 'string') return null;
  return {
    email,
    exp,
    ...(typeof sub === 'string' ? { sub } : {}),
    ...(typeof iat === 'number' && Number.isFinite(iat) ? { iat } : {}),
  };
}

export function decodeToken(token: string): SessionUser | null {
  try {
    return decodeTokenOrThrow(token);
  } catch {
    return null;
  }
}

/** Validity is judged by exp against the current time alone (spec 5). */
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
