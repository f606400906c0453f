import type { FastifyInstance } from 'fastify';
import { totpCode } from '../../src/server/security/totp';
import { login, post, register } from './accounts-helpers';

export const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A client address of its own for each call, so that the failures a test provokes lock no other test out. */
export const someClient = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

export const authed = (token: string) => ({ headers: { authorization: `Bearer ${token}`, 'user-agent': CHROME } });

export async function signUp(app: FastifyInstance, email: string): Promise<string> {
  expect((await register(app, email)).statusCode).toBe(201);
  const response = await login(app, email, undefined, { remoteAddress: someClient() });
  return response.json<{ token: string }>().token;
}

/**
 * Waits out the last seconds of a 30-second step, so that a test computing codes for the steps
 * around now is not cut by the clock moving on.
 */
export async function awayFromStepEdge(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 4_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** The code of the step `offset` steps from now. */
export const codeAt = (secret: string, offset: number) => totpCode(secret, Math.floor(Date.now() / 1000) + offset * 30);

/** Turns the authenticator on, confirming it with the previous step's code (so now's and the next remain). */
export async function enrolAuthenticator(app: FastifyInstance, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  await awayFromStepEdge();
  const { secret } = (await post(app, '/api/security/authenticator', {}, authed(token))).json<{ secret: string }>();
  const confirmed = await post(app, '/api/security/authenticator/confirm', { code: await codeAt(secret, -1) }, authed(token));
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The first step of a sign-in with an authenticator: the mfaToken. */
export async function mfaToken(app: FastifyInstance, email: string): Promise<string> {
  const response = await login(app, email, undefined, { remoteAddress: someClient() });
  expect(response.statusCode).toBe(200);
  return response.json<{ mfaToken: string }>().mfaToken;
}

export const secondStep = (app: FastifyInstance, token: string, code: string, ip = someClient()) =>
  post(app, '/api/auth/login/mfa', { mfaToken: token, code }, { remoteAddress: ip, headers: { 'user-agent': CHROME } });
