/** Tokens shaped like the server's (HS256 JWT: sub, email, iat, exp, ver); the client never checks signatures. */
function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function makeToken(payload: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.c2lnbmF0dXJl`;
}

/** A token issued at `iatMs` that lives `ttlMs`. */
export function tokenFor(email: string, iatMs: number, ttlMs: number): string {
  const iat = Math.floor(iatMs / 1000);
  return makeToken({ sub: 'u1', email, iat, exp: iat + Math.floor(ttlMs / 1000), ver: 1 });
}
