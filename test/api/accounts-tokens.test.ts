import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { resolveJwtSecret } from '../../src/server/auth/jwt-secret';
import { engines } from '../support/engines';
import { addProtectedRoute, login, register, startSite, whoami, type TestSite } from './accounts-helpers';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(engines())('sign-in tokens on $name', ({ env }) => {
  let site: TestSite;
  let token: string;
  let secret: Uint8Array;

  beforeAll(async () => {
    site = await startSite(env);
    addProtectedRoute(site.app);
    await register(site.app, 'owner@example.com');
    token = (await login(site.app, 'owner@example.com')).json().token;
    secret = resolveJwtSecret(site.config);
  });
  afterAll(() => site.close());

  /** A token with the real claims, signed as the case says. */
  const claims = () => {
    const { sub, email, ver } = decodeJwt(token);
    return { sub: sub!, email: email as string, ver: ver as number };
  };
  const signed = (key: Uint8Array, alg = 'HS256', expires: string | number = '1h', payload: object = claims()) =>
    new SignJWT({ ...payload }).setProtectedHeader({ alg }).setSubject((payload as { sub: string }).sub).setIssuedAt().setExpirationTime(expires).sign(key);

  it('accepts the token it issued', async () => {
    expect((await whoami(site.app, token)).statusCode).toBe(200);
  });

  const cases: [string, () => Promise<string> | string][] = [
    ['alg none', () => new UnsecuredJWT(claims()).setSubject(claims().sub).setIssuedAt().setExpirationTime('1h').encode()],
    ['alg none with the real signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.${token.split('.')[2]}`],
    ['a wrong key', () => signed(randomBytes(32))],
    ['an expired token', () => signed(secret, 'HS256', Math.floor(Date.now() / 1000) - 10)],
    ['an edited payload', () => {
      const [header, , signature] = token.split('.');
      return `${header}.${b64({ ...decodeJwt(token), email: 'intruder@example.com', ver: 7 })}.${signature}`;
    }],
    ['an extended expiry', () => {
      const [header, , signature] = token.split('.');
      return `${header}.${b64({ ...decodeJwt(token), exp: decodeJwt(token).exp! + 86400 })}.${signature}`;
    }],
    ['HS512 with the right key', () => signed(secret, 'HS512')],
    ['HS384 with the right key', () => signed(secret, 'HS384')],
    ['the right key but an older token version', () => signed(secret, 'HS256', '1h', { ...claims(), ver: claims().ver - 1 })],
    ['the right key but no such account', () => signed(secret, 'HS256', '1h', { ...claims(), sub: 'no-such-account' })],
    ['the right key but no token version', () => signed(secret, 'HS256', '1h', { sub: claims().sub, email: claims().email })],
    ['garbage', () => 'not-a-token'],
    ['three dots of garbage', () => 'a.b.c'],
    ['base64 noise', () => `${randomBytes(20).toString('base64url')}.${randomBytes(40).toString('base64url')}.${randomBytes(32).toString('base64url')}`],
    ['a truncated signature', () => token.slice(0, -5)],
  ];

  it.each(cases)('answers %s with 401 and a message', async (_case, make) => {
    const response = await whoami(site.app, await make());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.stringMatching(/\w/) });
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it.each([
    ['no header', undefined],
    ['another scheme', `Basic ${Buffer.from('owner@example.com:pw').toString('base64')}`],
    ['an empty bearer', 'Bearer '],
  ])('answers %s with 401', async (_case, authorization) => {
    const response = await site.app.inject({ method: 'GET', url: '/test/whoami', headers: authorization ? { authorization } : {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('message');
  });
});
